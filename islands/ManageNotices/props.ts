/** What the server hands the ManageNotices screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { Lang } from '../shared/locale';
import type { NoticeView } from '../../server/contract/notices';

export type ManageNoticesProps = { lang: Lang; mobile: boolean; notices: NoticeView[] };
