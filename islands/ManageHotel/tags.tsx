/** A reservation's status and payment as coloured tags. */
import { Tag } from 'antd';
import type { BookingPayment, BookingStatus } from '../../server/contract/hotels';
import type { T } from '../shared/orderText';

const STATUS: Record<BookingStatus, string> = {
  pending: 'blue',
  confirmed: 'green',
  cancelled: 'default',
  expired: 'default',
  invalid: 'red',
};
const PAYMENT: Record<BookingPayment, string> = { unpaid: 'orange', paid: 'green', closed: 'default' };

export const StatusTag = ({ status, t }: { status: BookingStatus; t: T }) => (
  <Tag color={STATUS[status]}>{t(`hotels:status.${status}`)}</Tag>
);
export const PaymentTag = ({ payment, t }: { payment: BookingPayment; t: T }) => (
  <Tag color={PAYMENT[payment]}>{t(`hotels:payment.${payment}`)}</Tag>
);
