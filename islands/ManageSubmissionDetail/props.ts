/** What the server hands the ManageSubmissionDetail screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { Choices, ManageDetail } from '../../server/contract/submissions';
import type { ReviewPanel as Panel } from '../../server/contract/reviewing';
import type { Lang } from '../shared/locale';

export type ManageSubmissionDetailProps = {
  lang: Lang;
  mobile: boolean;
  detail: ManageDetail;
  choices: Choices;
  panel: Panel;
};
