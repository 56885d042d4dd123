/**
 * What a started payment shows (payments' StartResult): a transfer's instructions with its
 * reference, a QR code to scan, or nothing, because the browser leaves for the provider
 * (a redirect, or a form posted to it).
 */
import { useState } from 'react';
import { Button, Typography } from 'antd';
import { LightCard as Card } from '../shared/lightCard';
import type { PaymentStartView } from '../../server/contract/orders';
import { textOrKey, type T } from '../shared/orders';
import { postForm } from '../shared/postForm';
import { QrDialog } from './QrDialog';
import { codeGroups } from './codeGroups';

/** The lines that are codes (typed, not read): shown in groups that never break inside, copied without the spaces between them. */
const CODES = new Set([
  'payments:field.account',
  'payments:field.iban',
  'payments:field.swift',
  'payments:field.postCode',
]);

/**
 * A value of the details. A phone's narrow column broke them anywhere ("Institute of Physics CA / S",
 * an IBAN's group in two, issue 32): a code goes onto a new line only between its groups; a name or
 * an address between its words (and between Chinese characters, as Chinese text does). Each has its
 * copy button; a code is copied as a bank's form wants it, without spaces (the references, several
 * of which are written together, keep theirs).
 */
function DetailValue({ labelKey, value }: { labelKey: string; value: string }) {
  const code = CODES.has(labelKey) || labelKey === 'payments:transferReference';
  const copied = CODES.has(labelKey) ? value.replace(/\s+/g, '') : value;
  return (
    <Typography.Text copyable={{ text: copied }}>
      <span className={code ? 'transfer-value transfer-code' : 'transfer-value'}>
        {code ? <Groups groups={codeGroups(value)} /> : value}
      </span>
    </Typography.Text>
  );
}

/** Groups separated by spaces, each kept whole on its line. */
function Groups({ groups }: { groups: string[] }) {
  return groups.map((g, i) => (
    <span key={i}>
      {i ? ' ' : ''}
      <span className="transfer-group">{g}</span>
    </span>
  ));
}

/** Leaves for the provider when the answer says so; the caller shows "redirecting" meanwhile. */
export function leaveFor(start: PaymentStartView): boolean {
  if (start.kind === 'redirect') location.assign(start.url);
  else if (start.kind === 'form') postForm(start.action, start.fields);
  else return false;
  return true;
}

export function StartResult({
  attemptNo,
  start,
  resultHref,
  t,
}: {
  attemptNo: string;
  start: PaymentStartView;
  resultHref: string;
  t: T;
}) {
  const [qrOpen, setQrOpen] = useState(true);
  const seeResult = (
    <Button type="primary" href={resultHref}>
      {t('orders:pay.seeResult')}
    </Button>
  );
  if (start.kind === 'redirect' || start.kind === 'form')
    return <Typography.Paragraph>{t('orders:pay.redirecting')}</Typography.Paragraph>;
  if (start.kind === 'qr') {
    return (
      <>
        <Button onClick={() => setQrOpen(true)} style={{ marginRight: 8 }}>
          {t('orders:pay.qrTitle')}
        </Button>
        {seeResult}
        <QrDialog
          attemptNo={attemptNo}
          content={start.content}
          expiresAt={start.expiresAt}
          resultHref={resultHref}
          open={qrOpen}
          onClose={() => setQrOpen(false)}
          t={t}
        />
      </>
    );
  }
  return (
    <Card size="small" title={t('orders:pay.instructions')}>
      <Typography.Text type="secondary">{t('orders:pay.reference')}</Typography.Text>
      {/* The reference (or several, one per order): each never broken across lines; a phone shrinks the type instead; the copy button may wrap. */}
      <Typography.Paragraph
        copyable={{ text: start.reference }}
        className="transfer-reference"
        style={{ fontSize: 'clamp(20px, 7vw, 28px)', fontWeight: 600, letterSpacing: 1, margin: '0 0 4px' }}
      >
        <span
          className="transfer-reference-code"
          style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' }}
        >
          <Groups groups={codeGroups(start.reference)} />
        </span>
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('orders:pay.referenceHint')}</Typography.Paragraph>
      {start.lines.length ? (
        <dl className="transfer-details">
          {start.lines.map((line) => (
            <div key={line.labelKey}>
              <dt>{textOrKey(line.labelKey, t)}</dt>
              <dd>
                <DetailValue labelKey={line.labelKey} value={line.value} />
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {/* The 'other' method's HTML: a manager wrote it and the server sanitised it when it was saved. */}
      {start.html ? (
        <div
          className="payment-other-html"
          style={{ marginBottom: 12 }}
          dangerouslySetInnerHTML={{ __html: start.html }}
        />
      ) : null}
      {seeResult}
    </Card>
  );
}
