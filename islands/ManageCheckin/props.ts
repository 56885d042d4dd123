/** What the server hands the ManageCheckin screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { CountsView, DeskStaffView, DeskView } from '../../server/contract/checkin';
import type { Lang } from '../shared/locale';

export type ManageCheckinProps = {
  lang: Lang;
  mobile: boolean;
  desks: DeskView[];
  staff: DeskStaffView[];
  counts: CountsView;
  /** the address's filter (issue 33): a search, one local hour */ filter?: { q?: string; hour?: string };
};
