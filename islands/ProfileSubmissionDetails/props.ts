/** What the server hands the ProfileSubmissionDetails screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { AuthorPage, Choices, HistoryEntry, SubmissionView } from '../../server/contract/submissions';
import type { Lang } from '../shared/locale';
import type { AuthorReviews } from '../../server/contract/reviewing';

/** `reviews`: the review's result once a final opinion is given (issue 16), else null. */
export type ProfileSubmissionDetailsProps = {
  lang: Lang;
  mobile: boolean;
  submission: SubmissionView;
  history: HistoryEntry[];
  choices: Choices;
  settings: AuthorPage['settings'];
  reviews?: AuthorReviews | null;
};
