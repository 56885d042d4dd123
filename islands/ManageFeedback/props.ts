/** What the server hands the ManageFeedback screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { Lang } from '../shared/locale';
import type { FeedbackView } from '../../server/contract/feedback';

export type ManageFeedbackProps = { lang: Lang; mobile: boolean; initial: { rows: FeedbackView[]; total: number } };
