/** What the server hands the ProfileReceiptRequest screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { InvoiceOrderView, InvoiceRequestView } from '../../server/contract/receipts';
import type { Lang } from '../shared/locale';

/** What the form starts with, from the person's account and registration (they may change it). */
export type InvoicePrefill = { name: string; phone: string; email: string; unit: string };
export type ProfileReceiptRequestProps = {
  lang: Lang;
  mobile: boolean;
  order: InvoiceOrderView;
  request: InvoiceRequestView | null;
  refusal: string | null;
  prefill?: InvoicePrefill;
};
