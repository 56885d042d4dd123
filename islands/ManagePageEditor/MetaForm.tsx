/** The editor's fields: name, appearance, language or kind, template, mobile, login, default-for. */
import { Col, Form, Input, Row, Select, Switch, Tag, type FormInstance } from 'antd';
import type { DefaultFor, PageDetail, PageOption, PageType, TemplateKind } from '../../server/contract/pages';

/** The form's fields; 0 and '' stand for "none" in the selects. */
export type Meta = {
  name: string;
  exteriorId: number | undefined;
  lang: 'zh' | 'en';
  templateKind: TemplateKind;
  templateId: number;
  isMobile: boolean;
  relatedMobilePageId: number;
  counterpartPageId: number;
  needToLogin: boolean;
  defaultFor: DefaultFor | '';
};

/** The HTML a new template starts from, by kind. */
export const STARTER: Record<TemplateKind, string> = {
  page: '<section class="page-frame">\n  <h2 class="template-page-name-container"></h2>\n  <div class="template-content-container"></div>\n</section>\n',
  common:
    '<div class="template-html-root">\n  <header>\n    <span class="t-logo"></span>\n    <nav class="template-menu-container"><ul class="template-menu"></ul></nav>\n    <div class="template-lang"></div>\n  </header>\n' +
    '  <main class="common-template-content-container"></main>\n  <footer>\n    <span class="template-conference-name-container"></span>\n    <span class="template-website-record-number-container"></span>\n  </footer>\n</div>\n',
};

export type MetaFormProps = {
  form: FormInstance<Meta>;
  t: (key: string, options?: Record<string, unknown>) => string;
  mobile: boolean;
  type: PageType;
  /** the page being edited, null for a new one */
  page: PageDetail | null;
  /** the fields as they are now, and as they started */
  meta: Meta;
  startMeta: Meta;
  exteriors: Array<{ id: number; name: string }>;
  templates: PageOption[];
  commonTemplates: PageOption[];
  mobilePages: PageOption[];
  desktopPages: PageOption[];
  /** the current HTML, to replace a template's untouched starter when its kind changes */
  html: string;
  onStarterHtml: (html: string) => void;
  onFinish: () => void;
};

export function MetaForm({
  form,
  t,
  mobile,
  type,
  page,
  meta,
  startMeta,
  exteriors,
  templates,
  commonTemplates,
  mobilePages,
  desktopPages,
  html,
  onStarterHtml,
  onFinish,
}: MetaFormProps) {
  const isPage = type === 'PAGE';
  const kind: TemplateKind | null = type === 'TEMPLATE' ? meta.templateKind : null;
  // Choices: templates of the chosen appearance, and whatever is chosen now even if it is not.
  const choices = (list: PageOption[], current: number) =>
    list.filter((o) => o.exteriorId === meta.exteriorId || o.id === current).filter((o) => o.id !== page?.id);
  const label = (o: PageOption) =>
    [
      o.name,
      o.isMobile ? t('managePages:device.mobile') : '',
      o.defaultFor ? t(`managePages:defaultFor.${o.defaultFor}`) : '',
    ]
      .filter(Boolean)
      .join(' · ');
  const templateOptions = [
    { value: 0, label: t(isPage ? 'managePages:option.noTemplate' : 'managePages:option.noCommonTemplate') },
    ...choices(isPage ? templates : commonTemplates, meta.templateId).map((o) => ({ value: o.id, label: label(o) })),
  ];
  const relatedOptions = [
    { value: 0, label: t('managePages:option.none') },
    ...mobilePages
      .filter((o) => o.id !== page?.id && (o.lang === meta.lang || o.id === meta.relatedMobilePageId))
      .map((o) => ({ value: o.id, label: `${o.name} (#${o.id})` })),
  ];
  // The other language's pages (and the one chosen now, so a stale choice shows and can be cleared).
  const counterpartOptions = [
    { value: 0, label: t('managePages:option.none') },
    ...desktopPages
      .filter((o) => o.id !== page?.id && (o.lang !== meta.lang || o.id === meta.counterpartPageId))
      .map((o) => ({ value: o.id, label: `${o.name} (#${o.id})` })),
  ];
  const span = (desktop: number) => (mobile ? 24 : desktop);

  return (
    <Form form={form} layout="vertical" requiredMark initialValues={startMeta} name="page-meta" onFinish={onFinish}>
      <Row gutter={16}>
        <Col span={span(8)}>
          <Form.Item
            name="name"
            label={t('managePages:field.name')}
            rules={[
              { required: true, whitespace: true, message: t('managePages:nameRequired') },
              { max: 100, message: t('managePages:nameTooLong') },
            ]}
          >
            <Input maxLength={100} showCount />
          </Form.Item>
        </Col>
        <Col span={span(5)}>
          <Form.Item
            name="exteriorId"
            label={t('managePages:field.exterior')}
            rules={[{ required: true, message: t('managePages:exteriorRequired') }]}
          >
            <Select
              options={exteriors.map((e) => ({ value: e.id, label: e.name }))}
              placeholder={t('managePages:exteriorRequired')}
            />
          </Form.Item>
        </Col>
        {isPage ? (
          <Col span={span(4)}>
            <Form.Item
              name="lang"
              label={t('managePages:field.lang')}
              rules={[{ required: true, message: t('managePages:langRequired') }]}
            >
              <Select
                options={[
                  { value: 'zh', label: t('managePages:lang.zh') },
                  { value: 'en', label: t('managePages:lang.en') },
                ]}
              />
            </Form.Item>
          </Col>
        ) : (
          <Col span={span(6)}>
            <Form.Item name="templateKind" label={t('managePages:field.kind')} hidden={page !== null}>
              <Select
                onChange={(next: TemplateKind) => {
                  // A new template's starter HTML follows its kind until the manager writes their own.
                  if (html === STARTER[next === 'page' ? 'common' : 'page']) onStarterHtml(STARTER[next]);
                  if (next === 'common') form.setFieldsValue({ templateId: 0, defaultFor: '' });
                }}
                options={[
                  { value: 'page', label: t('managePages:kind.page') },
                  { value: 'common', label: t('managePages:kind.common') },
                ]}
              />
            </Form.Item>
            {page !== null ? (
              // The kind is fixed once saved.
              <Form.Item label={t('managePages:field.kind')}>
                <Tag color={kind === 'common' ? 'purple' : 'blue'} style={{ fontSize: 14, padding: '4px 10px' }}>
                  {t(`managePages:kind.${kind}`)}
                </Tag>
              </Form.Item>
            ) : null}
          </Col>
        )}
        {kind !== 'common' ? (
          <Col span={span(isPage ? 7 : 5)}>
            <Form.Item
              name="templateId"
              label={t(isPage ? 'managePages:field.template' : 'managePages:field.commonTemplate')}
            >
              <Select options={templateOptions} showSearch={{ optionFilterProp: 'label' }} />
            </Form.Item>
          </Col>
        ) : null}
      </Row>
      <Row gutter={16} align="bottom">
        <Col span={span(isPage ? 4 : 5)}>
          <Form.Item
            name="isMobile"
            label={t(isPage ? 'managePages:field.isMobile' : 'managePages:field.isMobileTemplate')}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
        </Col>
        {isPage && !meta.isMobile ? (
          <Col span={span(8)}>
            <Form.Item
              name="relatedMobilePageId"
              label={t('managePages:field.relatedMobilePage')}
              tooltip={t('managePages:hint.relatedMobile')}
            >
              <Select options={relatedOptions} showSearch={{ optionFilterProp: 'label' }} />
            </Form.Item>
          </Col>
        ) : null}
        {isPage && !meta.isMobile ? (
          <Col span={span(8)}>
            <Form.Item
              name="counterpartPageId"
              label={t('managePages:field.counterpartPage')}
              tooltip={t('managePages:hint.counterpart')}
            >
              <Select options={counterpartOptions} showSearch={{ optionFilterProp: 'label' }} />
            </Form.Item>
          </Col>
        ) : null}
        {isPage ? (
          <Col span={span(6)}>
            <Form.Item
              name="needToLogin"
              label={t('managePages:field.needToLogin')}
              valuePropName="checked"
              tooltip={t('managePages:hint.needToLogin')}
            >
              <Switch />
            </Form.Item>
          </Col>
        ) : null}
        {kind === 'page' ? (
          <Col span={span(9)}>
            <Form.Item
              name="defaultFor"
              label={t('managePages:field.defaultFor')}
              tooltip={t('managePages:hint.defaultFor')}
            >
              <Select
                options={(['', 'pc', 'mobile', 'both'] as const).map((v) => ({
                  value: v,
                  label: t(`managePages:defaultFor.${v || 'none'}`),
                }))}
              />
            </Form.Item>
          </Col>
        ) : null}
      </Row>
    </Form>
  );
}
