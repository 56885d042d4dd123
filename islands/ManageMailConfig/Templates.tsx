/** The eleven e-mail templates: zh and en subject and body, placeholders beside, a preview with sample data. */
import { useState } from 'react';
import { App, Button, Form, Input, Popconfirm, Segmented, Select, Space, Tag } from 'antd';
import { mailApi, type MailKind, type MailText, type TemplateView } from '../../server/contract/mail';
import { call, ApiError } from '../shared/api';
import type { Lang } from '../shared/locale';
import type { T } from '../shared/i18n';

export type MailTemplate = TemplateView;
type Text = MailText;

export function Templates({ t, initial, mobile }: { t: T; initial: MailTemplate[]; mobile: boolean }) {
  const { message } = App.useApp();
  const [list, setList] = useState(initial);
  const [kind, setKind] = useState(initial[0]?.kind ?? 'registration');
  const [lang, setLang] = useState<Lang>('zh');
  const [preview, setPreview] = useState<{ subject: string; html: string } | null>(null);
  const [form] = Form.useForm<Text>();
  const current = list.find((x) => x.kind === kind)!;
  const fail = (err: unknown) => message.error(t(err instanceof ApiError ? err.messageKey : 'commonMsg.failed'));

  function choose(next: MailKind) {
    setKind(next);
    setPreview(null);
    form.setFieldsValue(list.find((x) => x.kind === next)!);
  }

  async function save() {
    try {
      const values = await form.validateFields();
      const saved = await call(mailApi.saveTemplate, { params: { kind }, body: values });
      setList(saved);
      message.success(t('mail:saved'));
    } catch (err) {
      if (err instanceof ApiError) fail(err);
    }
  }

  async function reset() {
    try {
      const saved = await call(mailApi.resetTemplate, { params: { kind } });
      setList(saved);
      form.setFieldsValue(saved.find((x) => x.kind === kind)!);
      message.success(t('mail:resetDone'));
    } catch (err) {
      fail(err);
    }
  }

  async function showPreview() {
    try {
      setPreview(await call(mailApi.preview, { params: { kind }, body: { ...form.getFieldsValue(), lang } }));
    } catch (err) {
      fail(err);
    }
  }

  const suffix = lang === 'zh' ? 'Zh' : 'En';
  return (
    <div className="mail-templates">
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          value={kind}
          onChange={choose}
          style={{ minWidth: 220 }}
          aria-label={t('mail:templates.title')}
          options={list.map((x) => ({
            value: x.kind,
            label: (
              <>
                {t(`mail:kinds.${x.kind}`)} {x.custom ? <Tag color="blue">{t('mail:templates.edited')}</Tag> : null}
              </>
            ),
          }))}
        />
        <Segmented
          value={lang}
          onChange={(v) => setLang(v as Lang)}
          options={[
            { value: 'zh', label: '中文' },
            { value: 'en', label: 'English' },
          ]}
        />
      </Space>
      <div className={mobile ? '' : 'mail-template-grid'}>
        <Form form={form} layout="vertical" initialValues={current} name="mailTemplate" key={kind}>
          {(['Zh', 'En'] as const).map((l) => (
            <div key={l} style={{ display: l === suffix ? 'block' : 'none' }}>
              <Form.Item
                name={`subject${l}`}
                label={t('mail:templates.subject')}
                rules={[{ required: true, whitespace: true, message: t('mail:subjectRequired') }]}
              >
                <Input maxLength={300} />
              </Form.Item>
              <Form.Item
                name={`body${l}`}
                label={t('mail:templates.body')}
                rules={[{ required: true, whitespace: true, message: t('mail:bodyRequired') }]}
              >
                <Input.TextArea autoSize={{ minRows: 8, maxRows: 20 }} className="code-textarea" />
              </Form.Item>
            </div>
          ))}
        </Form>
        <aside className="mail-placeholders">
          <p className="admin-hint">{t('mail:templates.placeholders')}</p>
          {current.placeholders.map((p) => (
            <Tag key={p} style={{ marginBottom: 4 }}>{`{{${p}}}`}</Tag>
          ))}
        </aside>
      </div>
      <Space wrap>
        <Button type="primary" onClick={save}>
          {t('mail:templates.save')}
        </Button>
        <Button onClick={showPreview}>{t('mail:templates.preview')}</Button>
        <Popconfirm title={t('mail:templates.confirmReset')} onConfirm={reset}>
          <Button disabled={!current.custom}>{t('mail:templates.reset')}</Button>
        </Popconfirm>
      </Space>
      {preview ? (
        <div className="mail-preview">
          <p>
            <strong>{preview.subject}</strong>
          </p>
          <iframe
            title="preview"
            sandbox=""
            srcDoc={`<meta charset="utf-8">${preview.html}`}
            style={{ width: '100%', minHeight: 260, border: '1px solid #e5e7eb', borderRadius: 8 }}
          />
        </div>
      ) : null}
    </div>
  );
}
