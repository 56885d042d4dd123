/**
 * The rules of page and template editing (spec 2.12, 3 "Page / template", 5 "Page"): what a
 * page may point at, the default templates, versions on every content change, delete checks,
 * and the preview, which is composed exactly like a public page.
 */
import type { Db, Tx } from '../../db/index';
import { fromDbInstant, toDbInstant } from '../../db/dialect';
import type {
  DefaultFor,
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
import type { FilesService } from '../files/index';
import type { SiteService, SiteSnapshot } from '../sites/index';
import { previewPage, type PreviewContext } from './preview';
import * as repo from './repo';
import { contentChanged, keepVersion, versionDetail, versionList } from './versions';

const iso = (value: Date) => value.toISOString();

const pageMissing = () => notFound('managePages:notFound');

function listItem(row: repo.ListRow): PageListItem {
  return {
    id: row.id,
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
    id: row.id,
    name: row.name,
    lang: row.lang,
    isMobile: Boolean(row.is_mobile),
    exteriorId: row.exterior_id,
    templateKind: row.template_kind,
    defaultFor: (row.default_for as DefaultFor | null) ?? null,
  };
}

/** Which device slots a default_for value holds. */
const SLOTS: Record<DefaultFor, Array<'pc' | 'mobile'>> = { pc: ['pc'], mobile: ['mobile'], both: ['pc', 'mobile'] };

function fromSlots(slots: Array<'pc' | 'mobile'>): DefaultFor | null {
  if (slots.includes('pc') && slots.includes('mobile')) return 'both';
  return slots[0] ?? null;
}

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
    const rows = await repo.options(this.db, site.conference.id, {
      type: 'TEMPLATE',
      templateKind: kind,
      exteriorId: exteriorId ?? site.config.exteriorId,
    });
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
    return files.map((f) => ({
      id: f.id,
      url: f.url,
      originalName: f.originalName,
      size: f.size,
      // not a row of this module: the files service hands an upload's instant out as stored text
      createdAt: fromDbInstant(f.createdAt)?.toISOString() ?? '',
    }));
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
        const newId = await repo.insertPage(tx, conferenceId, {
          ...row,
          created_at: now,
          updated_at: now,
          updated_by: userId,
        });
        if (row.default_for) await this.moveDefault(tx, conferenceId, newId, row.default_for as DefaultFor);
        if (counterpart) await repo.pairCounterparts(tx, conferenceId, newId, counterpart);
        return newId;
      }
      if (contentChanged(existing, row)) await keepVersion(tx, conferenceId, existing);
      await repo.updatePage(tx, conferenceId, existing.id, { ...row, updated_at: now, updated_by: userId });
      if (row.default_for) await this.moveDefault(tx, conferenceId, existing.id, row.default_for as DefaultFor);
      if (row.type === 'PAGE' && (existing.counterpart_page_id ?? null) !== counterpart)
        await repo.pairCounterparts(tx, conferenceId, existing.id, counterpart);
      return existing.id;
    });
    await this.sites.siteChanged(conferenceId);
    return this.detail(conferenceId, id);
  }

  /** The columns of a save, after every rule of spec 5 "Page" and the template kinds. */
  private async checkedRow(tx: Tx, conferenceId: number, input: PageSaveInput, existing: repo.EditRow | undefined) {
    if (existing && existing.type !== input.type) throw new AppError(400, 'managePages:typeFixed', { field: 'type' });
    const kind = input.type === 'TEMPLATE' ? (input.templateKind ?? existing?.template_kind ?? null) : null;
    if (input.type === 'TEMPLATE' && !kind)
      throw new AppError(400, 'managePages:kindInvalid', { field: 'templateKind' });
    if (existing && input.type === 'TEMPLATE' && existing.template_kind !== kind)
      throw new AppError(400, 'managePages:kindFixed', { field: 'templateKind' });
    if (!input.exteriorId || !(await repo.findExterior(tx, conferenceId, input.exteriorId)))
      throw new AppError(400, 'managePages:exteriorRequired', { field: 'exteriorId' });
    const isPage = input.type === 'PAGE';
    if (isPage && !input.lang) throw new AppError(400, 'managePages:langRequired', { field: 'lang' });

    let templateId: number | null = null;
    if (input.templateId && kind !== 'common') {
      const parent = await repo.findPage(tx, conferenceId, input.templateId);
      if (isPage) {
        // A page sits in a page template. One that already sits directly in a common template may keep it.
        const kept = parent?.template_kind === 'common' && existing?.template_id === parent.id;
        if (!parent || parent.type !== 'TEMPLATE' || (parent.template_kind !== 'page' && !kept))
          throw new AppError(400, 'managePages:templateInvalid', { field: 'templateId' });
      } else if (!parent || parent.type !== 'TEMPLATE' || parent.template_kind !== 'common') {
        throw new AppError(400, 'managePages:commonTemplateInvalid', { field: 'templateId' });
      }
      templateId = parent.id;
    }

    let relatedMobilePageId: number | null = null;
    if (isPage && !input.isMobile && input.relatedMobilePageId) {
      const related = await repo.findPage(tx, conferenceId, input.relatedMobilePageId);
      if (!related || related.type !== 'PAGE' || !related.is_mobile || related.id === existing?.id) {
        throw new AppError(400, 'managePages:relatedMobileInvalid', { field: 'relatedMobilePageId' });
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
  private async checkedCounterpart(
    tx: Tx,
    conferenceId: number,
    input: PageSaveInput,
    existing: repo.EditRow | undefined,
  ): Promise<number | null> {
    if (input.type !== 'PAGE' || input.isMobile || !input.counterpartPageId) return null;
    const other = await repo.lockPage(tx, conferenceId, input.counterpartPageId);
    if (
      !other ||
      other.type !== 'PAGE' ||
      other.is_mobile ||
      other.id === existing?.id ||
      !other.lang ||
      other.lang === input.lang
    ) {
      throw new AppError(400, 'managePages:counterpartInvalid', { field: 'counterpartPageId' });
    }
    return other.id;
  }

  /** A stylesheet must be one this conference uploaded (or the one the page already has). */
  private async assertCssFile(conferenceId: number, id: number | null, cssPath: string): Promise<void> {
    if (id && (await repo.findPage(this.db, conferenceId, id))?.css_path === cssPath) return;
    const uploaded = await this.files.list(conferenceId, ['css']);
    if (!uploaded.some((f) => f.url === cssPath))
      throw new AppError(400, 'managePages:cssPathInvalid', { field: 'cssPath' });
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

  versions(conferenceId: number, id: number): Promise<PageVersionItem[]> {
    return versionList(this.db, conferenceId, id);
  }

  /** One version, with line diffs from it to the current content. */
  version(conferenceId: number, id: number, version: number): Promise<PageVersionDetail> {
    return versionDetail(this.db, conferenceId, id, version);
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
      await keepVersion(tx, conferenceId, page);
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
        if ((await repo.desktopPagesOf(tx, conferenceId, id)) > 0)
          throw new AppError(409, 'managePages:pageIsMobileVariant');
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
      await repo.updatePage(tx, conferenceId, pageId, {
        need_to_login: needToLogin,
        updated_at: toDbInstant(),
        updated_by: userId,
      });
    });
    await this.sites.siteChanged(conferenceId);
  }

  /**
   * The document a page or template would be as a public page, from unsaved content: the
   * template chain, the site's titles and menu, the contract filled for the manager viewing it.
   */
  preview(ctx: PreviewContext, input: PreviewInput): Promise<string> {
    return previewPage(this.db, this.sites, ctx, input);
  }
}
