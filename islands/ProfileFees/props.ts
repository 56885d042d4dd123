/** What the server hands the ProfileFees screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { OrderView } from '../../server/contract/orders';
import type { Lang } from '../shared/locale';
import type { FeeOffer } from '../../server/contract/fees';

export type ProfileFeesProps = {
  lang: Lang;
  mobile: boolean;
  offers: FeeOffer[];
  /** a code from the page's address: shown in the field, tried only when the person applies it */
  codeInLink?: string;
  openOrders: { register: number | null; optional: number | null };
  /** the person has not registered here: the page leads to the registration instead */
  notRegistered?: boolean;
  /** the conference charges no fees (costs not set): spec 8's 'The service has not been opened…' */
  serviceOff?: boolean;
  /** the person's fee orders that are paid or still open: what they already have */
  mine?: OrderView[];
  /** how many registration fees one person may hold, and how many this one holds */
  allowance?: { registerPerPerson: number; registerHeld: number };
};
