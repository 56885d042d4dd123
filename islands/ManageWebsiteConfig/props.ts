/** What the server hands the ManageWebsiteConfig screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { Lang } from '../shared/locale';
import type { DisciplineNode, WebsiteConfigView } from '../../server/contract/siteConfig';

export type ManageWebsiteConfigProps = {
  lang: Lang;
  mobile: boolean;
  initial: WebsiteConfigView;
  disciplines: DisciplineNode[];
};
