/** What the server hands the ProfileFeedbackDetails screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { Lang } from '../shared/locale';
import type { FeedbackView } from '../../server/contract/feedback';

export type ProfileFeedbackDetailsProps = { lang: Lang; mobile: boolean; feedback: FeedbackView };
