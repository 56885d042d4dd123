/** What the server hands the DocumentDesigner screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { TemplateView } from '../../server/contract/documents';
import type { Lang } from '../shared/locale';

export type DocumentDesignerProps = {
  lang: Lang;
  mobile: boolean;
  templates: TemplateView[];
  fields: Array<{ key: string; labelZh: string; labelEn: string }>;
};
