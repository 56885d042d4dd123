/** What the server hands the ProfileSubmission screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { AuthorPage } from '../../server/contract/submissions';
import type { Lang } from '../shared/locale';

export type ProfileSubmissionProps = { lang: Lang; mobile: boolean; page: AuthorPage; editId: number | null };
