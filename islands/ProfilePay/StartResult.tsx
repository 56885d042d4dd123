/**
 * What a started payment shows (payments' StartResult): a transfer's instructions with its
 * reference, a QR code to scan, or nothing, because the browser leaves for the provider
 * (a redirect, or a form posted to it).
 */
import { useState } from 'react';
import { Button, Descriptions, Typography } from 'antd';
import { LightCard as Card } from '../shared/lightCard';
import type { PaymentStartView } from '../../server/contract/orders';
import { textOrKey, type T } from '../shared/orders';
import { postForm } from '../shared/postForm';
import { QrDialog } from './QrDialog';

/** Leaves for the provider when the answer says so; the caller shows "redirecting" meanwhile. */
export function leaveFor(start: PaymentStartView): boolean {
  if (start.kind === 'redirect') location.assign(start.url);
  else if (start.kind === 'form') postForm(start.action, start.fields);
  else return false;
  return true;
}

export function StartResult({ attemptNo, start, resultHref, t }: { attemptNo: string; start: PaymentStartView; resultHref: string; t: T }) {
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
        <QrDialog attemptNo={attemptNo} content={start.content} expiresAt={start.expiresAt} resultHref={resultHref} open={qrOpen} onClose={() => setQrOpen(false)} t={t} />
      </>
    );
  }
  return (
    <Card size="small" title={t('orders:pay.instructions')}>
      <Typography.Text type="secondary">{t('orders:pay.reference')}</Typography.Text>
      {/* The reference is one code: never broken across lines (a phone shrinks the type instead; the copy button may wrap). */}
      <Typography.Paragraph copyable={{ text: start.reference }} className="transfer-reference" style={{ fontSize: 'clamp(20px, 7vw, 28px)', fontWeight: 600, letterSpacing: 1, margin: '0 0 4px' }}>
        <span style={{ whiteSpace: 'nowrap', fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' }}>{start.reference}</span>
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
