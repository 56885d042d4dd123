/**
 * The rules of page and template editing (spec 2.12, 3 "Page / template", 5 "Page"): what a
 * page may point at, the default templates, versions on every content change, delete checks,
 * and the preview, which is composed exactly like a public page.
 */
import { diffArrays } from 'diff';
import type { Db, Tx } from '../../db/index';
import { fromDbInstant, toDbInstant } from '../../db/dialect';
import type { Lang } from '../../contract/enums';
import type {
  DefaultFor,
  DiffLine,
  ImageItem,
  PageDetail,
  PageListItem,
  PageListQuery,
  PageOption,
  PageSaveInput,
  PageVersionDetail,
  PageVersionItem,
  PreviewInput,
} from '../../contract/pages';
import { AppError, notFound } from '../../platform/errors';
import { escapeHtml } from '../../platform/html';
import { t } from '../../platform/i18n';
import type { Identity } from '../../platform/identity';
import type { FilesService } from '../files/index';
import { type SiteService, renderPublicPage, type PageChain, type PageRow, type SiteSnapshot } from '../sites/index';
import * as repo from './repo';

const iso = (value: string | null | undefined) => fromDbInstant(value)?.toISOString() ?? '';

// Beyond this many changed lines the diff would take long for little use: the old lines are shown
// removed, then the new ones added (still correct, less neat).
const MAX_CHANGED_LINES = 1000;

function splitLines(text: string): string[] {
  if (text === '') return [];
  return text.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n');
}

/** The lines of `before` and `after`, each kept ('='), removed ('-') or added ('+'), by jsdiff. */
export function lineDiff(before: string, after: string): DiffLine[] {
  const a = splitLines(before);
  const b = splitLines(after);
  const changes = diffArrays(a, b, { maxEditLength: MAX_CHANGED_LINES }) ?? [
    { value: a, removed: true, added: false },
    { value: b, removed: false, added: true },
  ];
  return changes.flatMap((c) => c.value.map((text): DiffLine => ({ op: c.added ? '+' : c.removed ? '-' : '=', text })));
}
const pageMissing = () => notFound('managePages:notFound');

function listItem(row: repo.ListRow): PageListItem {
  return {
    id: Number(row.id),
    type: row.type,
    templateKind: row.template_kind,
    name: row.name,
    lang: row.lang,
    exteriorId: row.exterior_id,
    exteriorName: row.exterior_name ?? '',
    templateId: row.template_id,
    templateName: row.template_name ?? '',
    isMobile: Boolean(row.is_mobile),
    relatedMobilePageId: row.related_mobile_page_id,
    counterpartPageId: row.counterpart_page_id ?? null,
    defaultFor: (row.default_for as DefaultFor | null) ?? null,
    needToLogin: row.need_to_login ? 1 : 0,
    updatedAt: iso(row.updated_at),
  };
}

function option(row: repo.EditRow): PageOption {
  return {
    id: Number(row.id),
    name: row.name,
    lang: row.lang,
    isMobile: Boolean(row.is_mobile),
    exteriorId: row.exterior_id,
    templateKind: row.template_kind,
    defaultFor: (row.default_for as DefaultFor | null) ?? null,
  };
}

function author(row: repo.VersionRow): string {
  return row.author_name || row.author_email || '';
}

/** Which device slots a default_for value holds. */
const SLOTS: Record<DefaultFor, Array<'pc' | 'mobile'>> = { pc: ['pc'], mobile: ['mobile'], both: ['pc', 'mobile'] };

function fromSlots(slots: Array<'pc' | 'mobile'>): DefaultFor | null {
  if (slots.includes('pc') && slots.includes('mobile')) return 'both';
  return slots[0] ?? null;
}

type Content = { name: string; html: string; css: string | null; css_path: string | null };

function contentChanged(a: Content, b: Content): boolean {
  return a.name !== b.name || a.html !== b.html || (a.css ?? null) !== (b.css ?? null) || (a.css_path ?? null) !== (b.css_path ?? null);
}

export type PreviewContext = { site: SiteSnapshot; identity: Identity | null; origin: string; lang: Lang };

export class PageService {
  constructor(
    private readonly db: Db,
    private readonly sites: SiteService,
    private readonly files: FilesService,
  ) {}

  async list(conferenceId: number, query: PageListQuery): Promise<{ rows: PageListItem[]; total: number }> {
    const { rows, total } = await repo.listPages(this.db, conferenceId, query);
    return { rows: rows.map(listItem), total };
  }

  async detail(conferenceId: number, id: number): Promise<PageDetail> {
    const row = await repo.findListRow(this.db, conferenceId, id);
    if (!row) throw pageMissing();
    return { ...listItem(row), html: row.html ?? '', css: row.css ?? '', cssPath: row.css_path ?? '' };
  }

  exteriors(conferenceId: number) {
    return repo.exteriors(this.db, conferenceId);
  }

  /** Page templates (`page`) or common templates of an appearance; by default the website's. */
  async templates(site: SiteSnapshot, kind: 'page' | 'common', exteriorId?: number): Promise<PageOption[]> {
    const rows = await repo.options(this.db, site.conference.id, { type: 'TEMPLATE', templateKind: kind, exteriorId: exteriorId ?? site.config.exteriorId });
    return rows.map(option);
  }

  /** Every template of a kind, whatever its appearance (the editor filters by the chosen one). */
  async allTemplates(conferenceId: number, kind: 'page' | 'common'): Promise<PageOption[]> {
    return (await repo.options(this.db, conferenceId, { type: 'TEMPLATE', templateKind: kind })).map(option);
  }

  async allPages(conferenceId: number): Promise<PageOption[]> {
    return (await repo.options(this.db, conferenceId, { type: 'PAGE' })).map(option);
  }

  async images(conferenceId: number): Promise<ImageItem[]> {
    const files = await this.files.list(conferenceId, ['image']);
    return files.map((f) => ({ id: f.id, url: f.url, originalName: f.originalName, size: f.size, createdAt: iso(f.createdAt) }));
  }

  /** Creates or updates a page or template; a change of its content first keeps the old content as a version. */
  async save(conferenceId: number, userId: number, input: PageSaveInput): Promise<PageDetail> {
    // Checked before the transaction: the file list is another module's, read on its own connection.
    if (input.cssPath) await this.assertCssFile(conferenceId, input.id, input.cssPath);
    const id = await this.db.transaction(async (tx) => {
      const existing = input.id ? await repo.lockPage(tx, conferenceId, input.id) : undefined;
      if (input.id && !existing) throw pageMissing();
      const row = await this.checkedRow(tx, conferenceId, input, existing);
      const counterpart = await this.checkedCounterpart(tx, conferenceId, input, existing);
      const now = toDbInstant();
      if (!existing) {
        const newId = await repo.insertPage(tx, conferenceId, { ...row, created_at: now, updated_at: now, updated_by: userId });
        if (row.default_for) await this.moveDefault(tx, conferenceId, newId, row.default_for as DefaultFor);
        if (counterpart) await repo.pairCounterparts(tx, conferenceId, newId, counterpart);
        return newId;
      }
      if (contentChanged(existing, row)) await this.keepVersion(tx, conferenceId, existing);
      await repo.updatePage(tx, conferenceId, existing.id, { ...row, updated_at: now, updated_by: userId });
      if (row.default_for) await this.moveDefault(tx, conferenceId, existing.id, row.default_for as DefaultFor);
      if (row.type === 'PAGE' && (existing.counterpart_page_id ?? null) !== counterpart) await repo.pairCounterparts(tx, conferenceId, existing.id, counterpart);
      return existing.id;
    });
    await this.sites.siteChanged(conferenceId);
    return this.detail(conferenceId, id);
  }

  /** The columns of a save, after every rule of spec 5 "Page" and the template kinds. */
  private async checkedRow(tx: Tx, conferenceId: number, input: PageSaveInput, existing: repo.EditRow | undefined) {
    if (existing && existing.type !== input.type) throw new AppError(400, 'managePages:typeFixed', 'type');
    const kind = input.type === 'TEMPLATE' ? (input.templateKind ?? existing?.template_kind ?? null) : null;
    if (input.type === 'TEMPLATE' && !kind) throw new AppError(400, 'managePages:kindInvalid', 'templateKind');
    if (existing && input.type === 'TEMPLATE' && existing.template_kind !== kind) throw new AppError(400, 'managePages:kindFixed', 'templateKind');
    if (!input.exteriorId || !(await repo.findExterior(tx, conferenceId, input.exteriorId))) throw new AppError(400, 'managePages:exteriorRequired', 'exteriorId');
    const isPage = input.type === 'PAGE';
    if (isPage && !input.lang) throw new AppError(400, 'managePages:langRequired', 'lang');

    let templateId: number | null = null;
    if (input.templateId && kind !== 'common') {
      const parent = await repo.findPage(tx, conferenceId, input.templateId);
      if (isPage) {
        // A page sits in a page template. One that already sits directly in a common template may keep it.
        const kept = parent?.template_kind === 'common' && existing?.template_id === parent.id;
        if (!parent || parent.type !== 'TEMPLATE' || (parent.template_kind !== 'page' && !kept)) throw new AppError(400, 'managePages:templateInvalid', 'templateId');
      } else if (!parent || parent.type !== 'TEMPLATE' || parent.template_kind !== 'common') {
        throw new AppError(400, 'managePages:commonTemplateInvalid', 'templateId');
      }
      templateId = parent.id;
    }

    let relatedMobilePageId: number | null = null;
    if (isPage && !input.isMobile && input.relatedMobilePageId) {
      const related = await repo.findPage(tx, conferenceId, input.relatedMobilePageId);
      if (!related || related.type !== 'PAGE' || !related.is_mobile || related.id === existing?.id) {
        throw new AppError(400, 'managePages:relatedMobileInvalid', 'relatedMobilePageId');
      }
      relatedMobilePageId = related.id;
    }

    return {
      type: input.type,
      template_kind: kind,
      name: input.name,
      exterior_id: input.exteriorId,
      lang: isPage ? input.lang : null,
      html: input.html,
      css: input.css,
      css_path: input.cssPath,
      template_id: templateId,
      is_mobile: input.isMobile,
      related_mobile_page_id: relatedMobilePageId,
      default_for: kind === 'page' ? input.defaultFor : null,
      need_to_login: isPage ? input.needToLogin : false,
    };
  }

  /**
   * The page's counterpart: a page (not a template, not a phone variant) of this conference in the
   * other language, not the page itself. Locked, so two managers pairing at once do not cross.
   */
  private async checkedCounterpart(tx: Tx, conferenceId: number, input: PageSaveInput, existing: repo.EditRow | undefined): Promise<number | null> {
    if (input.type !== 'PAGE' || input.isMobile || !input.counterpartPageId) return null;
    const other = await repo.lockPage(tx, conferenceId, input.counterpartPageId);
    if (!other || other.type !== 'PAGE' || other.is_mobile || other.id === existing?.id || !other.lang || other.lang === input.lang) {
      throw new AppError(400, 'managePages:counterpartInvalid', 'counterpartPageId');
    }
    return Number(other.id);
  }

  /** A stylesheet must be one this conference uploaded (or the one the page already has). */
  private async assertCssFile(conferenceId: number, id: number | null, cssPath: string): Promise<void> {
    if (id && (await repo.findPage(this.db, conferenceId, id))?.css_path === cssPath) return;
    const uploaded = await this.files.list(conferenceId, ['css']);
    if (!uploaded.some((f) => f.url === cssPath)) throw new AppError(400, 'managePages:cssPathInvalid', 'cssPath');
  }

  /** Each device slot (pc, mobile) has at most one page template: taking a slot takes it from the others. */
  private async moveDefault(tx: Tx, conferenceId: number, id: number, value: DefaultFor): Promise<void> {
    const taken = SLOTS[value];
    for (const holder of await repo.defaultHolders(tx, conferenceId, id)) {
      const kept = (SLOTS[holder.default_for as DefaultFor] ?? []).filter((slot) => !taken.includes(slot));
      const next = fromSlots(kept);
      if (next !== holder.default_for) await repo.updatePage(tx, conferenceId, holder.id, { default_for: next });
    }
  }

  /** Stores the current content as the next version; its author and time are those of that content. */
  private async keepVersion(tx: Tx, conferenceId: number, current: repo.EditRow): Promise<void> {
    await repo.insertVersion(tx, conferenceId, {
      page_id: current.id,
      version: await repo.nextVersion(tx, conferenceId, current.id),
      name: current.name,
      html: current.html ?? '',
      css: current.css,
      css_path: current.css_path,
      created_by: current.updated_by ?? null,
      created_at: current.updated_at ?? toDbInstant(),
    });
  }

  async versions(conferenceId: number, id: number): Promise<PageVersionItem[]> {
    if (!(await repo.findPage(this.db, conferenceId, id))) throw pageMissing();
    const rows = await repo.listVersions(this.db, conferenceId, id);
    return rows.map((r) => ({ version: Number(r.version), name: r.name, createdAt: iso(r.created_at), author: author(r) }));
  }

  /** One version, with line diffs from it to the current content. */
  async version(conferenceId: number, id: number, version: number): Promise<PageVersionDetail> {
    const page = await repo.findPage(this.db, conferenceId, id);
    if (!page) throw pageMissing();
    const row = await repo.findVersion(this.db, conferenceId, id, version);
    if (!row) throw notFound('managePages:versionNotFound');
    return {
      version: Number(row.version),
      name: row.name,
      createdAt: iso(row.created_at),
      author: author(row),
      html: row.html,
      css: row.css ?? '',
      cssPath: row.css_path ?? '',
      diff: { html: lineDiff(row.html, page.html ?? ''), css: lineDiff(row.css ?? '', page.css ?? '') },
    };
  }

  /** Makes a version current again; the current content is kept as a version first. */
  async restore(conferenceId: number, userId: number, id: number, version: number): Promise<PageDetail> {
    await this.db.transaction(async (tx) => {
      const page = await repo.lockPage(tx, conferenceId, id);
      if (!page) throw pageMissing();
      const row = await repo.findVersion(tx, conferenceId, id, version);
      if (!row) throw notFound('managePages:versionNotFound');
      const content = { name: row.name, html: row.html, css: row.css, css_path: row.css_path };
      if (!contentChanged(page, content)) return;
      await this.keepVersion(tx, conferenceId, page);
      await repo.updatePage(tx, conferenceId, id, { ...content, updated_at: toDbInstant(), updated_by: userId });
    });
    await this.sites.siteChanged(conferenceId);
    return this.detail(conferenceId, id);
  }

  /** Refuses what would break the site: a template in use, a home page, a page a menu or page links to. */
  async remove(conferenceId: number, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const page = await repo.lockPage(tx, conferenceId, id);
      if (!page) throw pageMissing();
      if (page.type === 'TEMPLATE') {
        const users = await repo.templateUsers(tx, conferenceId, id);
        if (users.pages > 0) throw new AppError(409, 'managePages:templateUsedByPages');
        if (users.templates > 0) throw new AppError(409, 'managePages:templateUsedByTemplates');
      } else {
        if (await repo.isHomePage(tx, conferenceId, id)) throw new AppError(409, 'managePages:pageIsHome');
        if ((await repo.menuLinks(tx, conferenceId, id)) > 0) throw new AppError(409, 'managePages:pageInMenu');
        if ((await repo.desktopPagesOf(tx, conferenceId, id)) > 0) throw new AppError(409, 'managePages:pageIsMobileVariant');
      }
      await repo.deletePage(tx, conferenceId, id);
    });
    await this.sites.siteChanged(conferenceId);
  }

  /** spec 7 POST /conference/setting/save: the login-required flag of a page. */
  async setNeedToLogin(conferenceId: number, userId: number, pageId: number, needToLogin: boolean): Promise<void> {
    await this.db.transaction(async (tx) => {
      const page = await repo.lockPage(tx, conferenceId, pageId);
      if (!page || page.type !== 'PAGE') throw pageMissing();
      await repo.updatePage(tx, conferenceId, pageId, { need_to_login: needToLogin, updated_at: toDbInstant(), updated_by: userId });
    });
    await this.sites.siteChanged(conferenceId);
  }

  /**
   * The document a page or template would be as a public page, from unsaved content: the
   * template chain, the site's titles and menu, the contract filled for the manager viewing it.
   */
  async preview(ctx: PreviewContext, input: PreviewInput): Promise<string> {
    const conferenceId = ctx.site.conference.id;
    const lang: Lang = input.lang ?? ctx.lang;
    const chain = await this.previewChain(conferenceId, lang, input);
    const menu = await this.sites.publishedMenu(conferenceId, lang);
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

  private async previewChain(conferenceId: number, lang: Lang, input: PreviewInput): Promise<PageChain> {
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
    const parent = input.templateId ? await repo.findPage(this.db, conferenceId, input.templateId) : undefined;
    if (input.templateId && (!parent || parent.type !== 'TEMPLATE')) throw new AppError(400, 'managePages:templateInvalid', 'templateId');
    if (input.type === 'PAGE') return this.sites.pageChain(conferenceId, { ...edited, template_id: parent?.id ?? null });
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
    if (input.templateId && !common) throw new AppError(400, 'managePages:commonTemplateInvalid', 'templateId');
    return { page: placeholder, template: edited, common };
  }
}
