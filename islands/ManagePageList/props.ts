/** What the server hands the ManagePageList screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { Lang } from '../shared/locale';
import type { PageListItem, PageType } from '../../server/contract/pages';

export type ManagePageListProps = {
  lang: Lang;
  mobile: boolean;
  type: PageType;
  timeZone: string;
  initial: { rows: PageListItem[]; total: number };
  exteriors: Array<{ id: number; name: string }>;
};
