export type { FeedbackView as Feedback } from '../../server/contract/feedback';
