/**
 * A notice's content in one language: the HTML typed, and a preview of exactly what attendees will
 * see — the server cleans it as a save does (no scripts, handlers or javascript: links), so what
 * the preview drops is what the save drops.
 */
import { useState } from 'react';
import { Button, Input, Space, Typography } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { noticesApi } from '../../server/contract/notices';
import { ApiError, call } from '../shared/api';

type Props = { value?: string; onChange?: (v: string) => void; t: (key: string) => string; id?: string };

export function ContentField({ value = '', onChange, t, id }: Props) {
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState('');

  async function show() {
    setBusy(true);
    setFailed('');
    try {
      setPreview((await call(noticesApi.preview, { body: { content: value } })).html);
    } catch (err) {
      setFailed(t(err instanceof ApiError ? err.messageKey : 'commonMsg.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Space orientation="vertical" size={6} style={{ width: '100%' }}>
      <Input.TextArea
        id={id}
        value={value}
        onChange={(e) => {
          onChange?.(e.target.value);
          setPreview(null);
        }}
        autoSize={{ minRows: 4, maxRows: 12 }}
        className="code-textarea"
      />
      <Button size="small" icon={<EyeOutlined />} loading={busy} onClick={show}>
        {t('notices:preview')}
      </Button>
      {failed && <Typography.Text type="danger">{failed}</Typography.Text>}
      {preview !== null && (
        <div
          className="notice-preview"
          aria-label={t('notices:preview')}
          style={{
            border: '1px dashed #d9d9d9',
            borderRadius: 6,
            padding: 12,
            overflowWrap: 'anywhere',
            maxHeight: 320,
            overflow: 'auto',
          }}
        >
          {preview.trim() ? (
            <div dangerouslySetInnerHTML={{ __html: preview }} />
          ) : (
            <Typography.Text type="secondary">{t('notices:previewEmpty')}</Typography.Text>
          )}
        </div>
      )}
    </Space>
  );
}
