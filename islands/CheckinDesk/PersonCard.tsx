/**
 * The person at the desk in large type, on green (may come in: registered, nothing owed, not yet
 * checked in), amber (already checked in) or red (not registered, or fees not paid), with what to
 * do next: check in, undo, mark paid on site, print a badge.
 */
import { Button, Popconfirm, Space } from 'antd';
import { formatMoney } from '../../server/contract/money';
import type { PersonCard as Person } from '../../server/contract/checkin';
import type { Lang } from '../shared/locale';

export type Tone = 'green' | 'amber' | 'red';
export const TONES: Record<Tone, { background: string; border: string; text: string }> = {
  green: { background: '#dcfce7', border: '#15803d', text: '#14532d' },
  amber: { background: '#fef3c7', border: '#b45309', text: '#78350f' },
  red: { background: '#fee2e2', border: '#b91c1c', text: '#7f1d1d' },
};

export function toneOf(p: Person): Tone {
  if (p.checkin) return 'amber';
  return p.payment.state === 'unpaid' ? 'red' : 'green';
}

type Props = {
  lang: Lang;
  t: (key: string, params?: Record<string, unknown>) => string;
  person: Person;
  /** what the last action said (checked in now, superseded...), shown above the name */
  headline: string;
  /** checked in by this desk's tap just now: the mark says so, not "already" */
  fresh: boolean;
  busy: boolean;
  badgeUrl: string | null;
  onCheckIn: () => void;
  onUndo: () => void;
  onPay: () => void;
};

export function PersonCard({ lang, t, person: p, headline, fresh, busy, badgeUrl, onCheckIn, onUndo, onPay }: Props) {
  const tone = TONES[toneOf(p)];
  const owed = p.payment.owed ? formatMoney(p.payment.owed, lang) : '';
  const fees =
    p.payment.state === 'paid'
      ? t('checkin:desk.paidOk')
      : p.payment.state === 'unpaid'
        ? t('checkin:desk.unpaid', { amount: owed, orderNo: p.payment.orderNo })
        : t('checkin:desk.noFees');
  const mark = p.checkin;
  return (
    <section
      className="checkin-card"
      data-tone={toneOf(p)}
      aria-live="assertive"
      style={{
        background: tone.background,
        border: `3px solid ${tone.border}`,
        color: tone.text,
        borderRadius: 12,
        padding: 16,
        marginTop: 12,
      }}
    >
      <div className="checkin-headline" style={{ fontSize: 20, fontWeight: 700 }}>
        {headline}
      </div>
      <div
        className="checkin-name"
        style={{ fontSize: 34, fontWeight: 800, lineHeight: 1.2, margin: '6px 0', wordBreak: 'break-word' }}
      >
        {p.name}
      </div>
      <div style={{ fontSize: 20 }}>{p.unit}</div>
      <dl
        style={{
          fontSize: 18,
          margin: '10px 0 0',
          display: 'grid',
          gridTemplateColumns: 'max-content 1fr',
          gap: '4px 12px',
        }}
      >
        <dt>{t('checkin:desk.code')}</dt>
        <dd style={{ margin: 0, fontWeight: 700 }}>{p.code}</dd>
        <dt>{t('checkin:desk.type')}</dt>
        <dd style={{ margin: 0 }}>{p.version === 'default' ? t('checkin:desk.typeDefault') : p.version}</dd>
        <dt>{t('checkin:desk.fees')}</dt>
        <dd className="checkin-fees" style={{ margin: 0, fontWeight: p.payment.state === 'unpaid' ? 700 : 400 }}>
          {fees}
        </dd>
        <dt>{t('checkin:desk.hotel')}</dt>
        <dd style={{ margin: 0 }}>
          {p.hotels.length
            ? p.hotels.map((h, i) => (
                <div key={i}>
                  {lang === 'en' ? h.hotelEn || h.hotelZh : h.hotelZh || h.hotelEn} ·{' '}
                  {lang === 'en' ? h.roomEn || h.roomZh : h.roomZh || h.roomEn} · {h.checkIn} – {h.checkOut} (
                  {h.paid ? t('checkin:desk.hotelPaid') : t('checkin:desk.hotelUnpaid')})
                </div>
              ))
            : t('checkin:desk.noHotel')}
        </dd>
      </dl>
      {mark ? (
        <div className="checkin-mark" style={{ fontSize: 20, fontWeight: 700, marginTop: 10 }}>
          {t(`checkin:desk.${fresh ? 'now' : 'already'}${mark.desk ? '' : 'NoDesk'}`, {
            at: mark.at.slice(11),
            desk: mark.desk,
          })}{' '}
          {mark.staff ? `(${t('checkin:desk.byStaff', { staff: mark.staff })})` : ''}
        </div>
      ) : null}
      {p.payment.state === 'unpaid' ? (
        <div style={{ fontSize: 16, marginTop: 8 }}>{t('checkin:desk.unpaidHint')}</div>
      ) : null}
      <Space wrap style={{ marginTop: 14 }}>
        {mark ? (
          <Button size="large" onClick={onUndo} loading={busy}>
            {t('checkin:desk.undo')}
          </Button>
        ) : (
          <Button
            size="large"
            type="primary"
            className="checkin-do"
            onClick={onCheckIn}
            loading={busy}
            style={{ minWidth: 160, height: 56, fontSize: 22 }}
          >
            {t('checkin:desk.checkIn')}
          </Button>
        )}
        {p.payment.state === 'unpaid' ? (
          <Popconfirm
            title={t('checkin:desk.markPaidConfirm', { amount: owed })}
            onConfirm={onPay}
            okText={t('checkin:desk.markPaid')}
            cancelText={t('profile.cancel')}
          >
            <Button size="large" danger>
              {t('checkin:desk.markPaid')}
            </Button>
          </Popconfirm>
        ) : null}
        {badgeUrl ? (
          <Button size="large" href={badgeUrl} target="_blank">
            {t('checkin:desk.printBadge')}
          </Button>
        ) : null}
      </Space>
    </section>
  );
}
