/** What the server hands the ManageSubmissions screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { BookState, Choices, ManageFilter, ManagePage } from '../../server/contract/submissions';
import type { Lang } from '../shared/locale';

export type ManageSubmissionsProps = {
  lang: Lang;
  mobile: boolean;
  choices: Choices;
  first: ManagePage;
  book: BookState;
  /** the address's filter (issue 33); `first` is already filtered */ filter?: ManageFilter;
};
