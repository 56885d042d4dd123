/** The QR code drawn in the browser (qrcode is loaded only when one is shown); its text below it either way. */
import { useEffect, useState } from 'react';
import { Space, Typography } from 'antd';
import type { T } from '../shared/orderText';

export function QrCode({ content, t }: { content: string; t: T }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((mod) => (mod.default ?? mod).toDataURL(content, { margin: 1, width: 240 }))
      .then((url) => live && setSrc(url))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [content]);
  return (
    <Space orientation="vertical" align="center" style={{ width: '100%' }}>
      {src ? (
        <img
          src={src}
          width={240}
          height={240}
          alt={t('orders:pay.qrTitle')}
          style={{ maxWidth: '100%', height: 'auto' }}
        />
      ) : null}
      <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
        {content}
      </Typography.Text>
      <Typography.Text type="secondary">{t('orders:pay.qrHint')}</Typography.Text>
    </Space>
  );
}
