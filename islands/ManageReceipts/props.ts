/** What the server hands the ManageReceipts screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { InvoicePage } from '../../server/contract/receipts';
import type { Lang } from '../shared/locale';

export type ManageReceiptsProps = { lang: Lang; mobile: boolean; page: InvoicePage };
