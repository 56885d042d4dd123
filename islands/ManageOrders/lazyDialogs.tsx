/**
 * The deal and refund dialogs load when one first opens (issue 32); the orders tab renders these
 * as it rendered the dialogs themselves.
 */
import type { DealDialog as Deal } from './DealDialog';
import type { RefundDialog as Refund } from './RefundDialog';
import { Later, lazyPart, usePreload } from '../shared/lazyPart';

const LazyDeal = lazyPart(() => import('./DealDialog').then((m) => m.DealDialog));
const LazyRefund = lazyPart(() => import('./RefundDialog').then((m) => m.RefundDialog));

export function DealDialog(props: Parameters<typeof Deal>[0]) {
  usePreload(LazyDeal);
  return (
    <Later when={props.order !== null}>
      <LazyDeal {...props} />
    </Later>
  );
}

export function RefundDialog(props: Parameters<typeof Refund>[0]) {
  usePreload(LazyRefund);
  return (
    <Later when={props.order !== null}>
      <LazyRefund {...props} />
    </Later>
  );
}
