/** What the server hands the ManageExteriors screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { Lang } from '../shared/locale';
import type { BuiltInExterior, ExteriorDetail, ExteriorItem } from '../../server/contract/siteConfig';

/** `builtIns`: the platform's appearances a new one may start from (the add form only). */
export type ManageExteriorsProps = {
  lang: Lang;
  mobile: boolean;
  view: 'list' | 'form';
  items: ExteriorItem[];
  exterior: ExteriorDetail | null;
  builtIns?: BuiltInExterior[];
};
