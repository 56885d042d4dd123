/**
 * An image form field (banner, cover, thumbnail): preview, upload, remove. The file goes to
 * filesApi.upload (same origin, the session cookie); the field's value is
 * the stored file's URL. The browser checks type and size first only to answer early: the server
 * checks them again, by content.
 */
import { useState } from 'react';
import { App, Button, Space, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { filesApi, type StoredFile, type UploadKind } from '../../server/contract/files';
import { ApiError, urlOf, type Envelope } from './api';
import type { T } from './i18n';

export type ImageKind = 'banner' | 'thumbnail';
const MAX_BYTES: Record<ImageKind, number> = { banner: 10 * 1024 * 1024, thumbnail: 1024 * 1024 };
const TOO_LARGE: Record<ImageKind, string> = { banner: 'files:bannerTooLarge', thumbnail: 'files:thumbnailTooLarge' };

export async function uploadFile(kind: UploadKind, file: File): Promise<StoredFile> {
  const form = new FormData();
  form.append('file', file);
  let res: Response;
  try {
    res = await fetch(urlOf(filesApi.upload, { query: { kind } }), {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
  } catch {
    throw new ApiError(0, 'files:uploadFailed');
  }
  const body = (await res.json().catch(() => null)) as Envelope<StoredFile> | null;
  if (res.status === 401) location.assign(`/conferencelogin?redirect=${encodeURIComponent(location.pathname)}`);
  if (!body || body.code !== 200) throw new ApiError(res.status, body?.message ?? 'files:uploadFailed', body?.field);
  return body.data;
}

export type ImageFieldProps = {
  value?: string;
  onChange?: (value: string) => void;
  kind: ImageKind;
  t: T;
  /** shown, marked as the default, while there is no image */
  fallback?: string;
  fallbackNote?: string;
  /** CSS aspect ratio of the preview box */
  aspect?: string;
  removable?: boolean;
  id?: string;
};

export function ImageField({
  value,
  onChange,
  kind,
  t,
  fallback,
  fallbackNote,
  aspect = '16 / 5',
  removable = true,
  id,
}: ImageFieldProps) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const shown = value || fallback || '';

  function acceptable(file: File): boolean {
    if (!/\.(jpe?g|png)$/i.test(file.name) || (file.type && !['image/jpeg', 'image/png'].includes(file.type))) {
      message.error(t('files:imageJpgPng'));
      return false;
    }
    if (file.size > MAX_BYTES[kind]) {
      message.error(t(TOO_LARGE[kind]));
      return false;
    }
    return true;
  }

  return (
    <div id={id} style={{ display: 'grid', gap: 8, maxWidth: 560 }}>
      <div
        style={{
          // An empty box stays low; an image gets its shape.
          ...(shown ? { aspectRatio: aspect } : { height: 96 }),
          width: '100%',
          borderRadius: 8,
          border: '1px dashed #d0d7e2',
          background: '#f6f8fb',
          overflow: 'hidden',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          position: 'relative',
        }}
      >
        {shown ? (
          <img
            src={shown}
            alt=""
            style={{ width: '100%', height: '100%', objectFit: 'cover', opacity: value ? 1 : 0.55 }}
          />
        ) : (
          <span style={{ color: '#5b6473' }}>{t('manageSite:image.none')}</span>
        )}
        {!value && fallback ? (
          <span
            style={{
              position: 'absolute',
              left: 8,
              top: 8,
              background: 'rgba(17,24,39,.7)',
              color: '#fff',
              fontSize: 12,
              padding: '2px 8px',
              borderRadius: 10,
            }}
          >
            {t('manageSite:image.default')}
          </span>
        ) : null}
      </div>
      {!value && fallbackNote ? <span style={{ color: '#6b7280', fontSize: 13 }}>{fallbackNote}</span> : null}
      <Space wrap>
        <Upload
          accept=".jpg,.jpeg,.png,image/jpeg,image/png"
          showUploadList={false}
          beforeUpload={(file) => acceptable(file) || Upload.LIST_IGNORE}
          customRequest={async ({ file, onSuccess, onError }) => {
            setBusy(true);
            try {
              const stored = await uploadFile(kind, file as File);
              onChange?.(stored.url);
              onSuccess?.(stored);
            } catch (err) {
              message.error(t(err instanceof ApiError ? err.messageKey : 'files:uploadFailed'));
              onError?.(err as Error);
            } finally {
              setBusy(false);
            }
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy}>
            {value ? t('manageSite:image.replace') : t('manageSite:image.upload')}
          </Button>
        </Upload>
        {value && removable ? (
          <Button icon={<DeleteOutlined />} onClick={() => onChange?.('')}>
            {t('manageSite:image.remove')}
          </Button>
        ) : null}
      </Space>
      <span style={{ color: '#6b7280', fontSize: 12 }}>
        {t(kind === 'banner' ? 'manageSite:image.bannerRule' : 'manageSite:image.thumbnailRule')}
      </span>
    </div>
  );
}
