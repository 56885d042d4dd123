/** What the server hands the ProfileFeedback screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { Lang } from '../shared/locale';
import type { FeedbackView } from '../../server/contract/feedback';

/**
 * `types`: the conference's feedback types, `value` (both names, as stored) and `label` (the
 * reader's language). `phone`: from the person's registration. `verifiedEmail`: the account's
 * proven address — feedback from it needs no code.
 */
export type ProfileFeedbackProps = {
  lang: Lang;
  mobile: boolean;
  types: Array<{ value: string; label: string }>;
  mine: FeedbackView[];
  name: string;
  email: string;
  phone: string;
  verifiedEmail: string | null;
};
