/** What the server hands the ManagePayConfig screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { PayConfigView } from '../../server/contract/payments';
import type { Lang } from '../shared/locale';

export type ManagePayConfigProps = { lang: Lang; mobile: boolean; config: PayConfigView };
