/**
 * The submission form (spec 5 "Submission form"): a new manuscript, an edit, or the resubmission
 * of a returned one. Each field is shown, required or hidden as the call says; the sub-session is
 * asked when the chosen session has sub-sessions. A refusal (here or from the server) is shown
 * under its field, scrolled to the middle of the window, clear of a site's fixed header.
 */
import { useEffect, useState } from 'react';
import { App, Button, Form, Input, Select, Space } from 'antd';
import { LightCard as Card } from '../shared/lightCard';
import {
  SUBMISSION_LIMITS,
  type AuthorView,
  type Choices,
  type SubmissionView,
} from '../../server/contract/submissions';
import { submissionsApi } from '../../server/contract/submissionsApi';
import { SCROLL_TO_FIELD } from '../shared/AntdRoot';
import { ApiError, call } from '../shared/api';
import type { Lang } from '../shared/locale';
import { errorText, titleOf, type T } from '../shared/orderText';
import { AuthorsEditor } from './AuthorsEditor';
import { ConflictsEditor } from './ConflictsEditor';
import { FileField } from './FileField';
import {
  bodyOf,
  fieldShown,
  FORM_NAME,
  namePath,
  rulesOf,
  valuesOf,
  type FormValues,
  type Settings,
} from './formRules';
import type { Slot } from '../shared/authorManuscript';

type Props = {
  lang: Lang;
  mobile: boolean;
  t: T;
  settings: Settings;
  choices: Choices;
  prefill: AuthorView;
  /** the manuscript edited or resubmitted; null: a new one */
  editing: SubmissionView | null;
  /** told once the form is on the page (it loads on demand), to bring it into view */
  onShown?(): void;
  onSaved(): void;
  onCancel(): void;
};

export function SubmissionForm({
  lang,
  mobile,
  t,
  settings,
  choices,
  prefill,
  editing,
  onShown,
  onSaved,
  onCancel,
}: Props) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [busy, setBusy] = useState(false);
  const [uploads, setUploads] = useState(0);
  // Once, when this manuscript's form first shows.
  useEffect(() => onShown?.(), []);
  const sessionId = Form.useWatch('sessionId', form);
  const ctx = { settings, choices, t };
  const optionsOf = (list: Array<{ id: number; titleZh: string; titleEn: string }>) =>
    list.map((c) => ({ value: c.id, label: titleOf(c.titleZh, c.titleEn, lang) }));
  const subSessions = choices.sessions.find((s) => s.id === sessionId)?.children ?? [];
  const required = (mode: string, key: string) => (mode === 'required' ? key : undefined);
  const fail = (path: string, text: string) => {
    form.setFields([{ name: namePath(path) as never, errors: [text] }]);
    form.scrollToField(namePath(path), SCROLL_TO_FIELD);
  };

  async function save(values: FormValues) {
    setBusy(true);
    try {
      const body = bodyOf(values);
      if (editing) {
        await call(submissionsApi.update, { params: { id: editing.id }, body });
        message.success(t('submissions:saved'));
      } else {
        const done = await call(submissionsApi.submit, { body });
        message.success(t('submissions:submitted'));
        // Submit-then-pay: the fee page comes next.
        if (done.redirect) return void (location.href = done.redirect);
      }
      onSaved();
    } catch (err) {
      const text = errorText(err, t, { max: String(settings.abstractMaxChars) });
      if (err instanceof ApiError && err.field && fieldShown(err.field)) fail(err.field, text);
      else message.error(text);
    } finally {
      setBusy(false);
    }
  }

  const file = (slot: Slot, rule: Settings['fullText'], label: string, requiredKey: string) =>
    rule.mode !== 'hide' && (
      <Form.Item
        name={slot}
        label={label}
        validateFirst
        rules={rulesOf(form, slot, ctx, required(rule.mode, requiredKey))}
        extra={t('submitAuthor:form.fileHint', { types: rule.types.join(', '), max: rule.maxMb })}
      >
        <FileField
          t={t}
          slot={slot}
          rule={rule}
          onBusy={(b) => setUploads((n) => n + (b ? 1 : -1))}
          onError={(text) => {
            message.error(text);
            fail(slot, text);
          }}
        />
      </Form.Item>
    );

  const title = editing
    ? t(editing.can.resubmit ? 'submitAuthor:form.resubmitTitle' : 'submitAuthor:form.editTitle', {
        number: editing.number,
      })
    : t('submitAuthor:form.newTitle');
  return (
    <Card title={title} className="submission-form" styles={{ body: { padding: mobile ? 12 : undefined } }}>
      <Form
        form={form}
        name={FORM_NAME}
        layout="vertical"
        requiredMark
        initialValues={valuesOf(editing, prefill)}
        onFinish={save}
        onValuesChange={(changed: Partial<FormValues>) => {
          if ('sessionId' in changed) form.setFieldValue('subSessionId', undefined);
        }}
      >
        <Form.Item
          name="title"
          label={t('submitAuthor:form.title')}
          validateFirst
          rules={rulesOf(form, 'title', ctx, 'submissions:titleRequired')}
        >
          <Input maxLength={SUBMISSION_LIMITS.title} />
        </Form.Item>
        <Form.Item
          name="sessionId"
          label={t('submitAuthor:form.session')}
          rules={[{ required: true, message: t('submissions:sessionRequired') }]}
          extra={editing ? t('submissions:sessionFixed') : undefined}
        >
          <Select
            options={optionsOf(choices.sessions)}
            disabled={Boolean(editing)}
            placeholder={t('submitAuthor:form.choose')}
            notFoundContent={t('submitAuthor:form.noSessions')}
          />
        </Form.Item>
        {subSessions.length > 0 && (
          <Form.Item
            name="subSessionId"
            label={t('submitAuthor:form.subSession')}
            validateFirst
            rules={rulesOf(form, 'subSessionId', ctx, 'submissions:subSessionRequired')}
          >
            <Select options={optionsOf(subSessions)} placeholder={t('submitAuthor:form.choose')} />
          </Form.Item>
        )}
        {settings.reportType !== 'hide' && (
          <Form.Item
            name="reportTypeId"
            label={t('submitAuthor:form.reportType')}
            validateFirst
            rules={rulesOf(form, 'reportTypeId', ctx, required(settings.reportType, 'submissions:reportTypeRequired'))}
          >
            <Select options={optionsOf(choices.reportTypes)} allowClear placeholder={t('submitAuthor:form.choose')} />
          </Form.Item>
        )}
        {settings.category !== 'hide' && (
          <Form.Item
            name="categoryId"
            label={t('submitAuthor:form.category')}
            validateFirst
            rules={rulesOf(form, 'categoryId', ctx, required(settings.category, 'submissions:categoryRequired'))}
          >
            <Select options={optionsOf(choices.categories)} allowClear placeholder={t('submitAuthor:form.choose')} />
          </Form.Item>
        )}
        {settings.keywords !== 'hide' && (
          <Form.Item
            name="keywords"
            label={t('submitAuthor:form.keywords')}
            extra={t('submitAuthor:form.keywordsHint')}
            validateFirst
            rules={rulesOf(form, 'keywords', ctx, required(settings.keywords, 'submissions:keywordsRequired'))}
          >
            <Input maxLength={SUBMISSION_LIMITS.keywords} />
          </Form.Item>
        )}
        {settings.abstractMode !== 'hide' && (
          <Form.Item
            name="abstract"
            label={t('submitAuthor:form.abstract')}
            validateFirst
            rules={rulesOf(form, 'abstract', ctx, required(settings.abstractMode, 'submissions:abstractRequired'))}
          >
            {/* Counted, not cut: a pasted abstract past the limit stays whole and is marked too long. */}
            <Input.TextArea
              autoSize={{ minRows: 6, maxRows: 20 }}
              count={{ show: true, max: settings.abstractMaxChars, strategy: (text) => text.trim().length }}
            />
          </Form.Item>
        )}
        {file(
          'abstractFile',
          settings.abstractFile,
          t('submitAuthor:form.abstractFile'),
          'submissions:abstractFileRequired',
        )}
        {file('fullTextFile', settings.fullText, t('submitAuthor:form.fullTextFile'), 'submissions:fullTextRequired')}
        <Form.Item label={t('submitAuthor:form.authors')} required>
          <AuthorsEditor form={form} lang={lang} t={t} settings={settings} choices={choices} />
        </Form.Item>
        <Form.Item label={t('submitAuthor:conflicts.title')}>
          <ConflictsEditor form={form} t={t} settings={settings} choices={choices} />
        </Form.Item>
        <Space wrap orientation={mobile ? 'vertical' : 'horizontal'} style={{ width: mobile ? '100%' : undefined }}>
          <Button type="primary" htmlType="submit" loading={busy} disabled={uploads > 0} block={mobile}>
            {t(
              editing
                ? editing.can.resubmit
                  ? 'submissions:action.resubmit'
                  : 'submitAuthor:form.save'
                : 'submitAuthor:form.submit',
            )}
          </Button>
          <Button onClick={onCancel} disabled={busy} block={mobile}>
            {t('submitAuthor:form.cancel')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
