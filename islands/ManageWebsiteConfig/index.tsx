/**
 * Website configuration (spec 1, 2.12 config/website): titles, banner and cover, domains,
 * department, subject category, dates, city and venue, default language, home pages, contacts,
 * record number, feedback types and the register button label. Bilingual fields side by side on
 * desktop, stacked on phones. The server checks every rule again and names the failing field.
 */
import { useState } from 'react';
import { App, Button, Col, Form, Input, Radio, Row, Select, TreeSelect, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { AntdRoot, SCROLL_TO_FIELD } from '../shared/AntdRoot';
import { call, ApiError } from '../shared/api';
import { translator } from '../shared/i18n';
import type { Lang } from '../shared/locale';
import { ImageField } from '../shared/ImageField';
import {
  REQUIRED_BILINGUAL,
  SITE_LIMITS,
  type BilingualField,
  type DisciplineNode,
  type WebsiteConfigValues,
} from '../../server/contract/siteConfig';
import { sitesApi } from '../../server/contract/sites';
import { Domains } from './Domains';
import type { ManageWebsiteConfigProps } from './props';
import type { T } from '../shared/i18n';

type Values = Omit<WebsiteConfigValues, 'startDate' | 'endDate'> & { startDate: string; endDate: string };

const LANG_OF_TYPE: Record<string, Lang[]> = { '1': ['zh'], '2': ['en'], '3': ['zh', 'en'] };

function toValues(config: WebsiteConfigValues): Values {
  return { ...config, startDate: config.startDate ?? '', endDate: config.endDate ?? '' };
}

function treeData(
  nodes: DisciplineNode[],
): Array<{ value: number; title: string; children: ReturnType<typeof treeData> }> {
  return nodes.map((n) => ({ value: n.id, title: n.name, children: treeData(n.children) }));
}

/**
 * 'firstTitle.en' → ['firstTitle', 'en']; 'feedbackTypes.3.en' → ['feedbackTypes', 3, 'en']; a
 * whole feedback type ('feedbackTypes.3': empty, a duplicate) shows its message under its Chinese name.
 */
function fieldPath(field: string): Array<string | number> {
  const path = field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
  return path[0] === 'feedbackTypes' && path.length === 2 ? [...path, 'zh'] : path;
}

function BilingualRow({
  field,
  t,
  mobile,
  langs,
  multiline,
}: {
  field: BilingualField;
  t: T;
  mobile: boolean;
  langs: Lang[];
  multiline?: boolean;
}) {
  const required = REQUIRED_BILINGUAL.includes(field);
  const max = SITE_LIMITS[field];
  return (
    <Row gutter={16}>
      {(['zh', 'en'] as const).map((lang) => (
        <Col key={lang} span={mobile ? 24 : 12}>
          <Form.Item
            name={[field, lang]}
            label={t('manageSite:inLang', {
              field: t(`manageSite:field.${field}`),
              lang: t(`manageSite:lang.${lang}`),
            })}
            required={required && langs.includes(lang)}
            rules={[
              {
                required: required && langs.includes(lang),
                whitespace: true,
                message: t(`manageSite:${field}${lang === 'zh' ? 'Zh' : 'En'}Required`),
              },
              { max, message: t(`manageSite:${field}TooLong`) },
            ]}
          >
            {multiline ? (
              <Input.TextArea autoSize={{ minRows: 1, maxRows: 3 }} maxLength={max} />
            ) : (
              <Input maxLength={max} />
            )}
          </Form.Item>
        </Col>
      ))}
    </Row>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section style={{ marginBottom: 8 }}>
      <Typography.Title level={5} style={{ margin: '8px 0 16px', paddingLeft: 8, borderLeft: '3px solid #1d4ed8' }}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

function Editor({ lang, mobile, initial, disciplines }: ManageWebsiteConfigProps) {
  const t = translator(lang);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const languageType = Form.useWatch('languageType', form) ?? initial.config.languageType;
  const langs = LANG_OF_TYPE[languageType] ?? ['zh', 'en'];
  const half = mobile ? 24 : 12;

  async function save(values: Values) {
    setBusy(true);
    try {
      const saved = await call(sitesApi.websiteSave, {
        body: {
          ...values,
          disciplineId: values.disciplineId ?? null,
          templateZhHomePageId: values.templateZhHomePageId ?? null,
          templateEnHomePageId: values.templateEnHomePageId ?? null,
          startDate: values.startDate || null,
          endDate: values.endDate || null,
          feedbackTypes: values.feedbackTypes ?? [],
        },
      });
      form.setFieldsValue(toValues(saved.config));
      message.success(t('manageSite:saved'));
    } catch (err) {
      if (err instanceof ApiError && err.field) {
        const name = fieldPath(err.field) as never;
        form.setFields([{ name, errors: [t(err.messageKey)] }]);
        form.scrollToField(name, SCROLL_TO_FIELD);
      } else {
        message.error(t(err instanceof ApiError ? err.messageKey : 'commonMsg.failed'));
      }
    } finally {
      setBusy(false);
    }
  }

  const pageOptions = (l: Lang) => initial.homePages[l].map((p) => ({ value: p.id, label: `${p.name} (#${p.id})` }));
  // Only a language the site uses needs a home page; without one, its / is the 404 page.
  const homeWarning = (l: Lang, field: 'templateZhHomePageId' | 'templateEnHomePageId') => (
    <Form.Item noStyle shouldUpdate={(a, b) => a[field] !== b[field] || a.languageType !== b.languageType}>
      {({ getFieldValue }) =>
        (LANG_OF_TYPE[getFieldValue('languageType') as string] ?? []).includes(l) && !getFieldValue(field) ? (
          <Typography.Text type="warning" style={{ display: 'block', marginTop: -16, marginBottom: 16 }}>
            {t('manageSite:homePageMissing')}
          </Typography.Text>
        ) : null
      }
    </Form.Item>
  );

  return (
    <div className="site-config">
      <Form
        form={form}
        layout="vertical"
        name="websiteConfig"
        initialValues={toValues(initial.config)}
        onFinish={save}
        onFinishFailed={({ errorFields }) => errorFields[0] && form.scrollToField(errorFields[0].name, SCROLL_TO_FIELD)}
        scrollToFirstError={false}
      >
        <Section title={t('manageSite:section.titles')}>
          <BilingualRow field="conferenceName" t={t} mobile={mobile} langs={langs} />
          <BilingualRow field="firstTitle" t={t} mobile={mobile} langs={langs} multiline />
          <BilingualRow field="secondTitle" t={t} mobile={mobile} langs={langs} multiline />
          <BilingualRow field="thirdTitle" t={t} mobile={mobile} langs={langs} multiline />
          <BilingualRow field="shortTitle" t={t} mobile={mobile} langs={langs} />
        </Section>

        <Section title={t('manageSite:section.images')}>
          <Row gutter={24}>
            <Col span={half}>
              <Form.Item name="banner" label={t('manageSite:field.banner')}>
                <ImageField
                  kind="banner"
                  t={t}
                  fallback={initial.bannerFallback}
                  fallbackNote={t('manageSite:image.bannerFallback')}
                />
              </Form.Item>
            </Col>
            <Col span={half}>
              <Form.Item name="coverImageUrl" label={t('manageSite:field.coverImageUrl')}>
                <ImageField kind="banner" t={t} aspect="16 / 9" />
              </Form.Item>
            </Col>
          </Row>
        </Section>

        <Section title={t('manageSite:section.domains')}>
          <Domains lang={lang} mobile={mobile} initial={initial.domains} />
        </Section>

        <Section title={t('manageSite:section.conference')}>
          <BilingualRow field="department" t={t} mobile={mobile} langs={langs} />
          <Row gutter={16}>
            <Col span={half}>
              <Form.Item name="disciplineId" label={t('manageSite:field.disciplineId')}>
                <TreeSelect
                  treeData={treeData(disciplines)}
                  allowClear
                  showSearch
                  treeNodeFilterProp="title"
                  treeDefaultExpandAll={false}
                  placeholder={t('manageSite:placeholder.discipline')}
                />
              </Form.Item>
            </Col>
            <Col span={mobile ? 12 : 6}>
              <Form.Item name="startDate" label={t('manageSite:field.startDate')}>
                <Input type="date" />
              </Form.Item>
            </Col>
            <Col span={mobile ? 12 : 6}>
              <Form.Item
                name="endDate"
                label={t('manageSite:field.endDate')}
                dependencies={['startDate']}
                rules={[
                  ({ getFieldValue }) => ({
                    validator: async (_, value: string) => {
                      const start = getFieldValue('startDate') as string;
                      if (Boolean(start) !== Boolean(value)) throw new Error(t('manageSite:datesBoth'));
                      if (start && value && start > value) throw new Error(t('manageSite:dateOrder'));
                    },
                  }),
                ]}
              >
                <Input type="date" />
              </Form.Item>
            </Col>
          </Row>
          <BilingualRow field="city" t={t} mobile={mobile} langs={langs} />
          <BilingualRow field="venue" t={t} mobile={mobile} langs={langs} />
        </Section>

        <Section title={t('manageSite:section.site')}>
          <Form.Item name="languageType" label={t('manageSite:field.languageType')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: '1', label: t('manage.language.chinese') },
                { value: '2', label: t('manage.language.english') },
                { value: '3', label: t('manage.language.bilingual') },
              ]}
            />
          </Form.Item>
          <Row gutter={16}>
            <Col span={half}>
              <Form.Item name="templateZhHomePageId" label={t('manageSite:field.templateZhHomePageId')}>
                <Select
                  allowClear
                  options={pageOptions('zh')}
                  placeholder={t('manageSite:placeholder.homePage')}
                  notFoundContent={t('manageSite:noPages')}
                />
              </Form.Item>
              {homeWarning('zh', 'templateZhHomePageId')}
            </Col>
            <Col span={half}>
              <Form.Item name="templateEnHomePageId" label={t('manageSite:field.templateEnHomePageId')}>
                <Select
                  allowClear
                  options={pageOptions('en')}
                  placeholder={t('manageSite:placeholder.homePage')}
                  notFoundContent={t('manageSite:noPages')}
                />
              </Form.Item>
              {homeWarning('en', 'templateEnHomePageId')}
            </Col>
          </Row>
          <BilingualRow field="registerLabel" t={t} mobile={mobile} langs={langs} />
          <Row gutter={16}>
            <Col span={half}>
              <Form.Item
                name="contacts"
                label={t('manageSite:field.contacts')}
                rules={[{ max: SITE_LIMITS.contacts, message: t('manageSite:contactsTooLong') }]}
              >
                <Input.TextArea
                  autoSize={{ minRows: 4, maxRows: 10 }}
                  showCount
                  maxLength={SITE_LIMITS.contacts}
                  placeholder={t('manageSite:placeholder.contacts')}
                />
              </Form.Item>
              <Form.Item
                name="websiteRecordNumber"
                label={t('manageSite:field.websiteRecordNumber')}
                rules={[{ max: SITE_LIMITS.websiteRecordNumber, message: t('manageSite:websiteRecordNumberTooLong') }]}
              >
                <Input
                  maxLength={SITE_LIMITS.websiteRecordNumber}
                  placeholder={t('manageSite:placeholder.websiteRecordNumber')}
                />
              </Form.Item>
            </Col>
            <Col span={half}>
              <FeedbackTypes t={t} />
            </Col>
          </Row>
        </Section>

        <div
          style={{
            position: 'sticky',
            bottom: 0,
            background: '#fff',
            padding: '12px 0',
            borderTop: '1px solid #eef0f4',
            zIndex: 2,
          }}
        >
          <Button type="primary" htmlType="submit" loading={busy} block={mobile} size={mobile ? 'large' : 'middle'}>
            {t('manageSite:save')}
          </Button>
        </div>
      </Form>
    </div>
  );
}

function FeedbackTypes({ t }: { t: T }) {
  return (
    <Form.Item
      label={t('manageSite:field.feedbackTypes')}
      extra={t('manageSite:feedbackTypesHint', { max: SITE_LIMITS.feedbackTypes })}
    >
      <Form.List name="feedbackTypes">
        {(fields, { add, remove }, { errors }) => (
          <>
            {fields.map((field) => (
              <div key={field.key} style={{ display: 'flex', gap: 8, alignItems: 'flex-start', flexWrap: 'wrap' }}>
                {(['zh', 'en'] as const).map((lang) => (
                  <Form.Item
                    key={lang}
                    name={[field.name, lang]}
                    style={{ flex: '1 1 140px', marginBottom: 8 }}
                    rules={[{ max: SITE_LIMITS.feedbackType, message: t('manageSite:feedbackTypeTooLong') }]}
                  >
                    <Input
                      maxLength={SITE_LIMITS.feedbackType}
                      placeholder={t(`manageSite:feedbackTypeIn.${lang}`)}
                      aria-label={t(`manageSite:feedbackTypeIn.${lang}`)}
                    />
                  </Form.Item>
                ))}
                <Button
                  icon={<DeleteOutlined />}
                  aria-label={t('manageSite:remove')}
                  onClick={() => remove(field.name)}
                />
              </div>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => add({ zh: '', en: '' })}
              disabled={fields.length >= SITE_LIMITS.feedbackTypes}
              block
            >
              {t('manageSite:addFeedbackType')}
            </Button>
            <Form.ErrorList errors={errors} />
          </>
        )}
      </Form.List>
    </Form.Item>
  );
}

export default function ManageWebsiteConfig(props: ManageWebsiteConfigProps) {
  return (
    <AntdRoot lang={props.lang}>
      <Editor {...props} />
    </AntdRoot>
  );
}
