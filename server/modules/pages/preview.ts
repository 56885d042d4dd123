/**
 * The preview of a page or template being edited, composed exactly like a public page: a page
 * inside its template chain, a template around a placeholder for the content pages put into it.
 */
import type { Db } from '../../db/index';
import type { Lang } from '../../contract/enums';
import type { PreviewInput } from '../../contract/pages';
import { AppError } from '../../platform/errors';
import { escapeHtml } from '../../platform/html';
import { t } from '../../platform/i18n';
import type { Identity } from '../../platform/identity';
import { type SiteService, renderPublicPage, type PageChain, type PageRow, type SiteSnapshot } from '../sites/index';
import * as repo from './repo';

export type PreviewContext = { site: SiteSnapshot; identity: Identity | null; origin: string; lang: Lang };

/**
 * The document a page or template would be as a public page, from unsaved content: the
 * template chain, the site's titles and menu, the contract filled for the manager viewing it.
 */
export async function previewPage(
  db: Db,
  sites: SiteService,
  ctx: PreviewContext,
  input: PreviewInput,
): Promise<string> {
  const conferenceId = ctx.site.conference.id;
  const lang: Lang = input.lang ?? ctx.lang;
  const chain = await previewChain(db, sites, conferenceId, lang, input);
  const menu = await sites.publishedMenu(conferenceId, lang);
  const pageId = input.type === 'PAGE' ? (input.id ?? 0) : 0;
  return renderPublicPage({
    site: ctx.site,
    chain,
    menu,
    lang,
    origin: ctx.origin,
    currentPath: pageId ? `/page/${pageId}` : '/',
    pageId,
    identity: ctx.identity,
  });
}

async function previewChain(
  db: Db,
  sites: SiteService,
  conferenceId: number,
  lang: Lang,
  input: PreviewInput,
): Promise<PageChain> {
  const edited = {
    id: input.id ?? 0,
    conference_id: conferenceId,
    exterior_id: null,
    type: input.type,
    template_kind: input.type === 'TEMPLATE' ? (input.templateKind ?? 'page') : null,
    name: input.name,
    lang: input.lang,
    html: input.html,
    css: input.css,
    css_path: input.cssPath,
    template_id: null,
    is_mobile: false,
    related_mobile_page_id: null,
    default_for: null,
    need_to_login: false,
  } satisfies PageRow;
  const parent = input.templateId ? await repo.findPage(db, conferenceId, input.templateId) : undefined;
  if (input.templateId && (!parent || parent.type !== 'TEMPLATE'))
    throw new AppError(400, 'managePages:templateInvalid', { field: 'templateId' });
  if (input.type === 'PAGE') return sites.pageChain(conferenceId, { ...edited, template_id: parent?.id ?? null });
  // A template is shown around a placeholder for the content that pages will put into it.
  const placeholder = {
    ...edited,
    type: 'PAGE',
    template_kind: null,
    name: t(lang, 'managePages:preview.pageName'),
    html: `<div style="padding:24px;border:2px dashed #93c5fd;border-radius:8px;color:#1e40af;background:#eff6ff;text-align:center;font:14px/1.6 system-ui,sans-serif">${escapeHtml(t(lang, 'managePages:preview.placeholder'))}</div>`,
    css: null,
    css_path: null,
  } satisfies PageRow;
  if (edited.template_kind === 'common') return { page: placeholder, template: null, common: edited };
  const common = parent?.template_kind === 'common' ? parent : null;
  if (input.templateId && !common)
    throw new AppError(400, 'managePages:commonTemplateInvalid', { field: 'templateId' });
  return { page: placeholder, template: edited, common };
}
