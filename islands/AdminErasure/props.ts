/** What the server hands the AdminErasure screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { ErasureView } from '../../server/contract/privacy';
import type { Lang } from '../shared/locale';

export type AdminErasureProps = { lang: Lang; mobile: boolean; recent: ErasureView[] };
