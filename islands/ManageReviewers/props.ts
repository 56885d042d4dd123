/** What the server hands the ManageReviewers screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { ReviewerList } from '../../server/contract/reviewers';
import type { Lang } from '../shared/locale';

export type ManageReviewersProps = { lang: Lang; mobile: boolean; list: ReviewerList };
