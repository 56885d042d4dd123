/** The image library: this conference's uploaded images; insert one at the HTML cursor or copy its address. */
import { useEffect, useState } from 'react';
import { App, Button, Drawer, Empty, List, Space, Spin, Typography, Upload } from 'antd';
import { call, ApiError } from '../shared/api';
import { pagesApi, type ImageItem } from '../../server/contract/pages';
import { uploadFile } from './upload';

type Props = {
  open: boolean;
  mobile: boolean;
  t(key: string, options?: Record<string, unknown>): string;
  onClose(): void;
  onInsert(url: string): void;
};

export function ImageLibrary({ open, mobile, t, onClose, onInsert }: Props) {
  const { message } = App.useApp();
  const [images, setImages] = useState<ImageItem[] | null>(null);
  const [uploading, setUploading] = useState(false);
  const failed = (err: unknown, fallback: string) =>
    t(err instanceof ApiError && err.messageKey !== 'commonMsg.serverError' ? err.messageKey : fallback);

  async function load() {
    try {
      setImages(await call(pagesApi.images));
    } catch (err) {
      setImages([]);
      message.error(failed(err, 'managePages:images.loadFailed'));
    }
  }
  useEffect(() => {
    if (open && images === null) void load();
    // Loaded once, on first open; an upload reloads it.
  }, [open]);

  async function copy(url: string) {
    const address = new URL(url, location.href).pathname;
    try {
      await navigator.clipboard.writeText(address);
      message.success(t('managePages:images.copied'));
    } catch {
      message.info(address);
    }
  }

  return (
    <Drawer
      rootClassName="page-images-drawer"
      open={open}
      onClose={onClose}
      title={t('managePages:images.title')}
      size={mobile ? '100%' : 520}
      destroyOnHidden={false}
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('managePages:images.hint')}
        </Typography.Paragraph>
        <Upload
          accept=".jpg,.jpeg,.png,.gif,.webp"
          showUploadList={false}
          customRequest={async ({ file }) => {
            setUploading(true);
            try {
              await uploadFile('image', file as File);
              await load();
            } catch (err) {
              message.error(failed(err, 'managePages:images.uploadFailed'));
            } finally {
              setUploading(false);
            }
          }}
        >
          <Button type="primary" loading={uploading}>
            {t('managePages:images.upload')}
          </Button>
        </Upload>
        {images === null ? (
          <Spin />
        ) : images.length === 0 ? (
          <Empty description={t('managePages:images.empty')} />
        ) : (
          <List
            grid={{ gutter: 12, column: 2 }}
            dataSource={images}
            renderItem={(img) => (
              <List.Item>
                <div style={{ border: '1px solid #e5e7eb', borderRadius: 8, overflow: 'hidden' }}>
                  <button
                    type="button"
                    onClick={() => onInsert(img.url)}
                    title={t('managePages:images.insert')}
                    style={{
                      display: 'block',
                      width: '100%',
                      height: 120,
                      padding: 0,
                      border: 0,
                      background: '#f8fafc',
                      cursor: 'pointer',
                    }}
                  >
                    <img
                      src={img.url}
                      alt={img.originalName}
                      loading="lazy"
                      style={{ width: '100%', height: '100%', objectFit: 'contain' }}
                    />
                  </button>
                  <div style={{ padding: '6px 8px' }}>
                    <Typography.Text
                      ellipsis={{ tooltip: img.originalName }}
                      style={{ display: 'block', fontSize: 12 }}
                    >
                      {img.originalName}
                    </Typography.Text>
                    <Space size={4}>
                      <Button size="small" type="link" style={{ padding: 0 }} onClick={() => onInsert(img.url)}>
                        {t('managePages:images.insert')}
                      </Button>
                      <Button size="small" type="link" onClick={() => copy(img.url)}>
                        {t('managePages:images.copy')}
                      </Button>
                    </Space>
                  </div>
                </div>
              </List.Item>
            )}
          />
        )}
      </Space>
    </Drawer>
  );
}
