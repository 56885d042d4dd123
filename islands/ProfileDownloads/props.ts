/** What the server hands the ProfileDownloads screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { DocumentType } from '../../server/contract/documents';
import type { ReceiptView } from '../../server/contract/receipts';
import type { Lang } from '../shared/locale';

export type ProfileDownloadsProps = {
  lang: Lang;
  mobile: boolean;
  registered: boolean;
  documents: DocumentType[];
  receipts?: ReceiptView[];
};
