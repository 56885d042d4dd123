/**
 * Receipts: the payment receipt issued when an order is paid (its PDF drawn by the documents
 * feature's RECEIPT template), the invoice a person requests for a paid order, and the managers'
 * receipt management.
 */
import { defineFeature } from '../../platform/feature';
import { receiptsPersonalData } from './personalData';
import { receiptHandlers } from './issue';
import { receiptsExportOf } from './exportWork';
import { ReceiptManagement } from './manage';
import { receiptsApiRouter, receiptsPageRouter } from './routes';
import { ReceiptService } from './service';

declare module '../../platform/feature' {
  interface FeatureServices {
    receipts: ReceiptService;
  }
}

export const receiptsFeature = defineFeature({
  name: 'receipts',
  // what it holds about one person, for their export and erasure (docs/privacy.md)
  personalData: ({ db }) => [receiptsPersonalData(db)],
  services: (deps) => ({ receipts: new ReceiptService(deps.db, deps.documents) }),
  api: (deps) => [receiptsApiRouter(deps, new ReceiptManagement(deps.db))],
  pages: (deps) => [receiptsPageRouter(deps, new ReceiptManagement(deps.db))],
  events: () => receiptHandlers(),
  // receipts.xlsx of many requests: a piece of work with progress (exportWork.ts)
  work: (deps) => [receiptsExportOf(deps)],
  manageMenu: [{ href: '/platform/manage/receipt', labelKey: 'receipts:menu.manage', order: 26, who: 'admin' }],
});
