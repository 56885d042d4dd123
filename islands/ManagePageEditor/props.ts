/** What the server hands the ManagePageEditor screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { Lang } from '../shared/locale';
import type { PageDetail, PageOption, PageType, TemplateKind } from '../../server/contract/pages';

export type ManagePageEditorProps = {
  lang: Lang;
  mobile: boolean;
  type: PageType;
  timeZone: string;
  page: PageDetail | null;
  /** the kind of a new template (from ?kind=) */
  newKind: TemplateKind | null;
  exteriors: Array<{ id: number; name: string }>;
  websiteExteriorId: number | null;
  languageType: string;
  templates: PageOption[];
  commonTemplates: PageOption[];
  mobilePages: PageOption[];
  /** the pages a page may be paired with as its other-language counterpart */
  desktopPages: PageOption[];
};
