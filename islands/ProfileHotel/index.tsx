/**
 * Hotel booking (spec 2.10 hotel/order, 5 "Hotel booking (user)", 8): the conference's hotels
 * with their room types and what is left, the booking form (nights and total shown before
 * confirming), and the person's bookings with their status, to pay or cancel. A template links
 * here with `?room=<id>` to open that room's form at once.
 */
import { GoOnAfter } from '../shared/GoOnAfter';
import { useState } from 'react';
import { Alert, App, Button, Space } from 'antd';
import { LightTypography as Typography } from '../shared/lightText';
import { hotelsApi, type BookingView, type HotelOffer, type RoomOffer } from '../../server/contract/hotels';
import { AntdRoot } from '../shared/AntdRoot';
import { call } from '../shared/api';
import { translator } from '../shared/i18n';
import type { Lang } from '../shared/locale';
import { errorText } from '../shared/orderText';
import { BookingForm } from './lazyBookingForm';
import { HotelCard } from './HotelCard';
import { MyBookings } from './MyBookings';
import type { ProfileHotelProps } from './props';

/** The author's submissions (SUBMISSION_SCREENS.author; named here so the page does not load the submissions contract). */
const AUTHOR_PAGE = '/profile/submission';

const pick = (zh: string, en: string, lang: Lang) => (lang === 'zh' ? zh || en : en || zh);

function Hotels({ lang, mobile, page: initial, roomId }: ProfileHotelProps) {
  const t = translator(lang);
  const { message, modal } = App.useApp();
  const [page, setPage] = useState(initial);
  const find = (id: number | null) => {
    for (const h of page.hotels) for (const r of h.rooms) if (r.id === id) return { hotel: h, room: r };
    return null;
  };
  const [booking, setBooking] = useState<{ hotel: HotelOffer; room: RoomOffer } | null>(() =>
    initial.bar === '' ? find(roomId) : null,
  );
  const s = page.settings;

  function cancel(b: BookingView) {
    modal.confirm({
      content: t('hotels:book.confirmCancel'),
      okText: t('hotels:book.cancelBooking'),
      cancelText: t('hotels:book.keep'),
      onOk: async () => {
        try {
          setPage(await call(hotelsApi.cancel, { params: { id: b.id } }));
          message.success(t('hotels:cancelled'));
        } catch (err) {
          message.error(errorText(err, t));
        }
      },
    });
  }

  const bar = page.bar;
  return (
    <div className="profile-hotel">
      {bar === 'off' && (
        <Alert
          className="service-not-opened"
          type="info"
          showIcon
          title={t('userReg.serviceNotOpened')}
          style={{ marginBottom: 16 }}
        />
      )}
      {bar === 'closed' && (
        <Alert type="warning" showIcon title={t('hotels:notAvailable')} style={{ marginBottom: 16 }} />
      )}
      {bar === 'notRegistered' && (
        <Alert
          type="warning"
          showIcon
          title={t('hotels:notRegistered')}
          description={<GoOnAfter t={t} to="/register" where="register" />}
          action={
            <Button size="small" href="/register">
              {t('hotels:book.toRegister')}
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      )}
      {bar === 'notPaid' && (
        <Alert
          type="warning"
          showIcon
          title={t('hotels:notPaid')}
          description={
            <>
              {s ? <div>{pick(s.conditionNoteZh, s.conditionNoteEn, lang)}</div> : null}
              <GoOnAfter t={t} to="/profile/conference/fee" where="fees" />
            </>
          }
          action={
            <Button size="small" href="/profile/conference/fee">
              {t('hotels:book.toFees')}
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      )}
      {bar === 'notAccepted' && (
        <Alert
          type="warning"
          showIcon
          title={t('hotels:notAccepted')}
          description={s ? pick(s.conditionNoteZh, s.conditionNoteEn, lang) || undefined : undefined}
          action={
            <Button size="small" href={AUTHOR_PAGE}>
              {t('hotels:book.toSubmissions')}
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      )}
      {/* The service not opened: no window, description or hotels to offer; the person's own bookings still listed. */}
      {bar !== 'off' && s && (s.startDate || s.endDate) && (
        <Typography.Paragraph type="secondary">
          {t('hotels:book.window', { start: s.startDate, end: s.endDate })}
        </Typography.Paragraph>
      )}
      {bar !== 'off' && s && pick(s.descriptionZh, s.descriptionEn, lang) && (
        <div
          className="hotel-description"
          dangerouslySetInnerHTML={{ __html: pick(s.descriptionZh, s.descriptionEn, lang) }}
        />
      )}
      {page.mine.length > 0 && <MyBookings lang={lang} mobile={mobile} t={t} bookings={page.mine} onCancel={cancel} />}
      {bar !== 'off' && (
        <Typography.Title level={4} style={{ marginTop: 16 }}>
          {t('hotels:book.hotels')}
        </Typography.Title>
      )}
      {bar !== 'off' && !page.hotels.length && (
        <Typography.Paragraph type="secondary">{t('hotels:book.noHotels')}</Typography.Paragraph>
      )}
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {(bar === 'off' ? [] : page.hotels).map((h) => (
          <HotelCard
            key={h.id}
            lang={lang}
            mobile={mobile}
            t={t}
            hotel={h}
            canBook={bar === ''}
            onBook={(room) => setBooking({ hotel: h, room })}
          />
        ))}
      </Space>
      <BookingForm
        lang={lang}
        mobile={mobile}
        t={t}
        choice={booking}
        prefill={page.prefill}
        today={page.today}
        onClose={() => setBooking(null)}
      />
    </div>
  );
}

export default function ProfileHotel(props: ProfileHotelProps) {
  return (
    <AntdRoot lang={props.lang}>
      <Hotels {...props} />
    </AntdRoot>
  );
}
