/** What the server hands the ManageMenus screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { Lang } from '../shared/locale';
import type { MenuEditNode, MenuPageOption } from '../../server/contract/menus';

export type ManageMenusProps = {
  lang: Lang;
  mobile: boolean;
  /** the menus the site uses (languageType), in tab order */
  languages: Lang[];
  menus: Partial<Record<Lang, MenuEditNode[]>>;
  pages: MenuPageOption[];
};
