/** The person's bookings: stay, rooms, total, status and payment, with pay and cancel while unpaid. */
import { Button, Space, Tag } from 'antd';
import { LightTypography as Typography } from '../shared/lightText';
import { LightCard as Card } from '../shared/lightCard';
import type { BookingView } from '../../server/contract/hotels';
import type { Lang } from '../shared/locale';
import { moneyText, type T } from '../shared/orderText';

const STATUS_COLORS: Record<string, string> = {
  pending: 'blue',
  confirmed: 'green',
  cancelled: 'default',
  expired: 'default',
  invalid: 'red',
};
const PAYMENT_COLORS: Record<string, string> = { unpaid: 'orange', paid: 'green', closed: 'default' };

export function MyBookings({
  lang,
  mobile,
  t,
  bookings,
  onCancel,
}: {
  lang: Lang;
  mobile: boolean;
  t: T;
  bookings: BookingView[];
  onCancel: (b: BookingView) => void;
}) {
  return (
    <>
      <Typography.Title level={4}>{t('hotels:book.mine')}</Typography.Title>
      <Space orientation="vertical" size="small" style={{ width: '100%' }}>
        {bookings.map((b) => (
          <Card key={b.id} size="small" className="my-booking">
            <div
              style={{
                display: 'flex',
                flexWrap: 'wrap',
                gap: 8,
                justifyContent: 'space-between',
                alignItems: mobile ? 'flex-start' : 'center',
              }}
            >
              <div>
                <strong>{lang === 'zh' ? `${b.hotelZh} · ${b.roomZh}` : `${b.hotelEn} · ${b.roomEn}`}</strong>
                <div>
                  {t('hotels:book.stay', {
                    checkIn: b.checkIn,
                    checkOut: b.checkOut,
                    nights: b.nights,
                    rooms: b.quantity,
                  })}
                </div>
                <div>
                  {t('hotels:book.total')}: {moneyText(b.total, lang)}{' '}
                  {b.orderNo && (
                    <Typography.Text type="secondary">
                      · {t('hotels:book.orderNo', { orderNo: b.orderNo })}
                    </Typography.Text>
                  )}
                </div>
                <Space size={4} wrap style={{ marginTop: 4 }}>
                  <Tag color={STATUS_COLORS[b.status]}>{t(`hotels:status.${b.status}`)}</Tag>
                  <Tag color={PAYMENT_COLORS[b.payment]}>{t(`hotels:payment.${b.payment}`)}</Tag>
                </Space>
              </div>
              <Space wrap>
                {b.can.pay && b.orderId !== null && (
                  <Button type="primary" href={`/profile/order/pay/goto/${b.orderId}`}>
                    {t('hotels:book.pay')}
                  </Button>
                )}
                {b.can.cancel && <Button onClick={() => onCancel(b)}>{t('hotels:book.cancelBooking')}</Button>}
              </Space>
            </div>
          </Card>
        ))}
      </Space>
    </>
  );
}
