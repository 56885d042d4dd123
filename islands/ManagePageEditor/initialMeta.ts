import type { PageOption } from '../../server/contract/pages';
import type { Meta } from './MetaForm';
import type { ManagePageEditorProps } from './props';

/**
 * The fields the editor opens with: those of the page being edited, or for a new one its
 * website's appearance, the language the site is in, and the template it would be shown in.
 */
export function initialMeta(props: ManagePageEditorProps): Meta {
  const { page, type, newKind, exteriors, websiteExteriorId, languageType, templates, commonTemplates, lang } = props;
  if (page) {
    return {
      name: page.name,
      exteriorId: page.exteriorId ?? undefined,
      lang: page.lang ?? lang,
      templateKind: page.templateKind ?? 'page',
      templateId: page.templateId ?? 0,
      isMobile: page.isMobile,
      relatedMobilePageId: page.relatedMobilePageId ?? 0,
      counterpartPageId: page.counterpartPageId ?? 0,
      needToLogin: Boolean(page.needToLogin),
      defaultFor: page.defaultFor ?? '',
    };
  }
  const exteriorId = websiteExteriorId ?? exteriors[0]?.id;
  const kind = type === 'TEMPLATE' ? (newKind ?? 'page') : 'page';
  const ofExterior = (list: PageOption[]) => list.filter((o) => o.exteriorId === exteriorId);
  // A new page starts in the desktop default template; a new page template in its appearance's first common template.
  const template =
    type === 'PAGE'
      ? (ofExterior(templates).find((o) => o.defaultFor === 'pc' || o.defaultFor === 'both') ??
        ofExterior(templates).find((o) => !o.isMobile))
      : kind === 'page'
        ? ofExterior(commonTemplates).find((o) => !o.isMobile)
        : undefined;
  return {
    name: '',
    exteriorId,
    lang: languageType === '2' ? 'en' : languageType === '1' ? 'zh' : lang,
    templateKind: kind,
    templateId: template?.id ?? 0,
    isMobile: false,
    relatedMobilePageId: 0,
    counterpartPageId: 0,
    needToLogin: false,
    defaultFor: '',
  };
}
