/**
 * The payment and dates dialogs load when one first opens (issue 32); the reservations tab renders
 * these as it rendered the dialogs themselves.
 */
import type { DatesDialog as Dates, PaymentDialog as Payment } from './Dialogs';
import { Later, lazyPart, usePreload } from '../shared/lazyPart';

const LazyPayment = lazyPart(() => import('./Dialogs').then((m) => m.PaymentDialog));
const LazyDates = lazyPart(() => import('./Dialogs').then((m) => m.DatesDialog));

export function PaymentDialog(props: Parameters<typeof Payment>[0]) {
  usePreload(LazyPayment);
  return (
    <Later when={props.row !== null}>
      <LazyPayment {...props} />
    </Later>
  );
}

export function DatesDialog(props: Parameters<typeof Dates>[0]) {
  usePreload(LazyDates);
  return (
    <Later when={props.row !== null}>
      <LazyDates {...props} />
    </Later>
  );
}
