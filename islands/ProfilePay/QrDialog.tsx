/**
 * The wallet's QR dialog (spec 2.11, issue 13): the code, how long it is still taken, and the
 * payment's state, which updates by itself: the attempt is read every 2 s (a database read) and
 * the gateway is asked every 10 s (the server asks it at most every few seconds per attempt, and
 * the notification usually arrives first). Paid: the dialog says so and links the result page.
 */
import { useEffect, useState } from 'react';
import { Button, Modal, Space, Typography } from 'antd';
import { LightResult } from '../shared/lightResult';
import { ordersApi, type AttemptView } from '../../server/contract/orders';
import { call } from '../shared/api';
import type { T } from '../shared/orderText';
import { QrCode } from './QrCode';

const READ_EVERY_MS = 2_000;
const ASK_EVERY = 5;

/** 59:59, or 1:59:59 past an hour. */
const clock = (ms: number) => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const mmss = `${String(Math.floor(s / 60) % 60).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
  return s >= 3600 ? `${Math.floor(s / 3600)}:${mmss}` : mmss.replace(/^0/, '');
};

type Props = {
  attemptNo: string;
  content: string;
  expiresAt: string;
  resultHref: string;
  open: boolean;
  onClose: () => void;
  t: T;
};

export function QrDialog({ attemptNo, content, expiresAt, resultHref, open, onClose, t }: Props) {
  const [state, setState] = useState<AttemptView['state']>('pending');
  const [now, setNow] = useState(() => Date.now());
  const left = new Date(expiresAt).getTime() - now;
  const expired = left <= 0;
  const done = state === 'succeeded' || state === 'failed' || state === 'canceled' || state === 'expired';

  useEffect(() => {
    if (done || expired) return;
    let tick = 0;
    let live = true;
    const timer = setInterval(() => {
      tick++;
      setNow(Date.now());
      const read =
        tick % ASK_EVERY === 0
          ? call(ordersApi.refreshAttempt, { params: { attemptNo } })
          : call(ordersApi.attempt, { params: { attemptNo } });
      // A failed read is tried again at the next tick; the dialog keeps its last state meanwhile.
      read.then((a) => live && setState(a.state)).catch(() => undefined);
    }, READ_EVERY_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [attemptNo, done, expired]);

  const seeResult = (
    <Button type="primary" href={resultHref}>
      {t('orders:pay.seeResult')}
    </Button>
  );
  let body;
  if (state === 'succeeded') body = <LightResult status="success" title={t('orders:pay.qrPaid')} extra={seeResult} />;
  else if (done) body = <LightResult status="warning" title={t('orders:pay.qrClosed')} extra={seeResult} />;
  else if (expired) body = <LightResult status="info" title={t('orders:pay.qrExpired')} extra={seeResult} />;
  else
    body = (
      <Space orientation="vertical" align="center" style={{ width: '100%' }}>
        <QrCode content={content} t={t} />
        <Typography.Text type="secondary" data-testid="qr-countdown">
          {t('orders:pay.qrExpiresIn', { time: clock(left) })}
        </Typography.Text>
        <Typography.Text>{t('orders:pay.qrWaiting')}</Typography.Text>
      </Space>
    );
  return (
    <Modal
      open={open}
      title={t('orders:pay.qrTitle')}
      onCancel={onClose}
      footer={done || expired ? null : seeResult}
      data-state={state}
      className="qr-dialog"
    >
      <div data-testid="qr-state" data-state={state}>
        {body}
      </div>
    </Modal>
  );
}
