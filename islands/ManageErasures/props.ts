/** What the server hands the ManageErasures screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { ConferenceErasureView } from '../../server/contract/privacy';
import type { Lang } from '../shared/locale';

export type ManageErasuresProps = { lang: Lang; mobile: boolean; rows: ConferenceErasureView[] };
