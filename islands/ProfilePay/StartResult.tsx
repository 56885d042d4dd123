/**
 * What a started payment shows (payments' StartResult): a transfer's instructions with its
 * reference, a QR code to scan, or nothing, because the browser leaves for the provider
 * (a redirect, or a form posted to it).
 */
import { useEffect, useState } from 'react';
import { Button, Card, Descriptions, Modal, Space, Typography } from 'antd';
import type { PaymentStartView } from '../../server/contract/orders';
import { textOrKey, type T } from '../shared/orders';
import { postForm } from '../shared/postForm';

/** Leaves for the provider when the answer says so; the caller shows "redirecting" meanwhile. */
export function leaveFor(start: PaymentStartView): boolean {
  if (start.kind === 'redirect') location.assign(start.url);
  else if (start.kind === 'form') postForm(start.action, start.fields);
  else return false;
  return true;
}

/** The QR code drawn in the browser (qrcode is loaded only when one is shown); its text below it either way. */
function QrCode({ content, t }: { content: string; t: T }) {
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
      {src ? <img src={src} width={240} height={240} alt={t('orders:pay.qrTitle')} style={{ maxWidth: '100%', height: 'auto' }} /> : null}
      <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
        {content}
      </Typography.Text>
      <Typography.Text type="secondary">{t('orders:pay.qrHint')}</Typography.Text>
    </Space>
  );
}

export function StartResult({ start, resultHref, t }: { start: PaymentStartView; resultHref: string; t: T }) {
  const [qrOpen, setQrOpen] = useState(true);
  const seeResult = (
    <Button type="primary" href={resultHref}>
      {t('orders:pay.seeResult')}
    </Button>
  );
  if (start.kind === 'redirect' || start.kind === 'form') return <Typography.Paragraph>{t('orders:pay.redirecting')}</Typography.Paragraph>;
  if (start.kind === 'qr') {
    return (
      <>
        <Button onClick={() => setQrOpen(true)} style={{ marginRight: 8 }}>
          {t('orders:pay.qrTitle')}
        </Button>
        {seeResult}
        <Modal open={qrOpen} title={t('orders:pay.qrTitle')} onCancel={() => setQrOpen(false)} footer={seeResult}>
          <QrCode content={start.content} t={t} />
        </Modal>
      </>
    );
  }
  return (
    <Card size="small" title={t('orders:pay.instructions')}>
      <Typography.Text type="secondary">{t('orders:pay.reference')}</Typography.Text>
      <Typography.Paragraph copyable={{ text: start.reference }} style={{ fontSize: 28, fontWeight: 600, letterSpacing: 2, margin: '0 0 4px', wordBreak: 'break-all' }}>
        {start.reference}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('orders:pay.referenceHint')}</Typography.Paragraph>
      {start.lines.length ? (
        <Descriptions column={1} size="small" bordered style={{ marginBottom: 12 }}>
          {start.lines.map((line) => (
            <Descriptions.Item key={line.labelKey} label={textOrKey(line.labelKey, t)}>
              <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
                {line.value}
              </Typography.Text>
            </Descriptions.Item>
          ))}
        </Descriptions>
      ) : null}
      {/* The 'other' method's HTML: a manager wrote it and the server sanitised it when it was saved. */}
      {start.html ? <div className="payment-other-html" style={{ marginBottom: 12 }} dangerouslySetInnerHTML={{ __html: start.html }} /> : null}
      {seeResult}
    </Card>
  );
}
