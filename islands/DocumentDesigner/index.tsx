/**
 * The template tab of the registration configuration (spec 3 "Document template config"):
 * badge, invitation letter, receipt and ticket, each disabled, the system default, or a custom
 * template — an uploaded background image with the fields placed on it.
 */
import { useState } from 'react';
import { App, Button, Card, Radio, Space, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import {
  BUILT_IN_FIELDS,
  documentsApi,
  ENABLED_TYPES,
  type DocumentType,
  type TemplateView,
} from '../../server/contract/documents';
import { filesApi, type StoredFile } from '../../server/contract/files';
import { AntdRoot } from '../shared/AntdRoot';
import { call, urlOf, ApiError, type Envelope } from '../shared/api';
import { translator } from '../shared/i18n';
import type { Lang } from '../shared/locale';
import { RegisterConfigTabs } from '../shared/RegisterConfigTabs';
import { LayoutEditor } from './LayoutEditor';
import type { DocumentDesignerProps } from './props';

function TemplateCard({
  lang,
  mobile,
  initial,
  fields,
}: {
  lang: Lang;
  mobile: boolean;
  initial: TemplateView;
  fields: Array<{ value: string; label: string }>;
}) {
  const t = translator(lang);
  const { message } = App.useApp();
  const [view, setView] = useState(initial);
  const [busy, setBusy] = useState<'save' | 'preview' | null>(null);
  const type: DocumentType = view.type;
  const body = () => ({ type, enabledType: view.enabledType, background: view.background, layout: view.layout });
  const fail = (err: unknown) => message.error(t(err instanceof ApiError ? err.messageKey : 'commonMsg.failed'));

  async function save() {
    setBusy('save');
    try {
      setView(await call(documentsApi.save, { body: body() }));
      message.success(t('documents:saved'));
    } catch (err) {
      fail(err);
    } finally {
      setBusy(null);
    }
  }

  async function preview() {
    setBusy('preview');
    const tab = window.open('', '_blank');
    try {
      // A PDF, not the envelope: posted here, its body typed by the endpoint all the same.
      const input = { body: { ...body(), lang } };
      const res = await fetch(urlOf(documentsApi.preview, input), {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(input.body),
      });
      if (!res.ok)
        throw new ApiError(
          res.status,
          ((await res.json().catch(() => null)) as Envelope<null> | null)?.message ?? 'commonMsg.failed',
        );
      const url = URL.createObjectURL(await res.blob());
      if (tab) tab.location.href = url;
      else location.assign(url);
    } catch (err) {
      tab?.close();
      fail(err);
    } finally {
      setBusy(null);
    }
  }

  return (
    <Card size="small" title={t(`documents:types.${type}`)} className="document-card">
      <div>
        <Radio.Group
          value={view.enabledType}
          onChange={(e) => setView({ ...view, enabledType: e.target.value })}
          options={ENABLED_TYPES.map((e) => ({ value: e, label: t(`documents:enabled.${e}`) }))}
        />
      </div>
      {type === 'RECEIPT' ? <p className="admin-hint">{t('documents:designer.receiptHint')}</p> : null}
      {view.enabledType === 'CUSTOM' ? (
        <div style={{ marginTop: 12 }}>
          <Upload
            accept=".jpg,.jpeg,.png"
            showUploadList={false}
            action={urlOf(filesApi.upload, { query: { kind: 'banner' } })}
            withCredentials
            onChange={({ file }) => {
              if (file.status === 'done') {
                const res = file.response as Envelope<StoredFile>;
                if (res.code === 200) setView({ ...view, background: res.data.name, backgroundUrl: res.data.url });
                else message.error(t(res.message));
              } else if (file.status === 'error')
                message.error(t((file.response as Envelope<null> | undefined)?.message ?? 'files:uploadFailed'));
            }}
          >
            <Button icon={<UploadOutlined />}>
              {t(view.background ? 'documents:designer.changeBackground' : 'documents:designer.uploadBackground')}
            </Button>
          </Upload>
          <p className="admin-hint">{t('documents:designer.backgroundHint')}</p>
          <LayoutEditor
            t={t}
            layout={view.layout}
            backgroundUrl={view.backgroundUrl}
            fields={fields}
            mobile={mobile}
            onChange={(layout) => setView({ ...view, layout })}
          />
        </div>
      ) : null}
      <Space wrap style={{ marginTop: 12 }}>
        <Button type="primary" onClick={save} loading={busy === 'save'}>
          {t('registration:save')}
        </Button>
        {view.enabledType !== 'DISABLED' && type !== 'RECEIPT' ? (
          <Button onClick={preview} loading={busy === 'preview'}>
            {t('documents:designer.previewPdf')}
          </Button>
        ) : null}
      </Space>
    </Card>
  );
}

function Designer({ lang, mobile, templates, fields }: DocumentDesignerProps) {
  const t = translator(lang);
  const builtIn = new Set<string>(BUILT_IN_FIELDS);
  const options = fields.map((f) => ({
    value: f.key,
    label: builtIn.has(f.key) ? t(`documents:fields.${f.key}`) : (lang === 'en' ? f.labelEn : f.labelZh) || f.key,
  }));
  return (
    <>
      <RegisterConfigTabs lang={lang} active="template" />
      <div className={mobile ? 'document-cards' : 'document-cards document-cards-wide'}>
        {templates.map((tpl) => (
          <TemplateCard key={tpl.type} lang={lang} mobile={mobile} initial={tpl} fields={options} />
        ))}
      </div>
    </>
  );
}

export default function DocumentDesigner(props: DocumentDesignerProps) {
  return (
    <AntdRoot lang={props.lang}>
      <Designer {...props} />
    </AntdRoot>
  );
}
