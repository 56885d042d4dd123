/** What the server hands the ManageReviewConfig screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { ReviewConfig } from '../../server/contract/review';
import type { Lang } from '../shared/locale';

export type ManageReviewConfigProps = { lang: Lang; mobile: boolean; config: ReviewConfig };
