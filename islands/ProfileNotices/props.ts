/** What the server hands the ProfileNotices screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { NoticeView } from '../../server/contract/notices';
import type { Lang } from '../shared/locale';

/** `seenBefore`: when the person last opened the notices (ISO), null for never: later ones are marked new. */
export type ProfileNoticesProps = { lang: Lang; mobile: boolean; notices: NoticeView[]; seenBefore?: string | null };
