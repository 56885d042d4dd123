/**
 * Appearances (exteriors, spec 2.12 config/exterior): list, add, edit, use, copy and delete.
 * An appearance groups templates; the site's current one is website_configs.exterior_id.
 */
import path from 'node:path';
import type { Db, Tx } from '../../../db/index';
import { toDbInstant } from '../../../db/dialect';
import { AppError, notFound } from '../../../platform/errors';
import type { ExteriorDetail, ExteriorItem } from '../../../contract/siteConfig';
import type { SiteService } from '../service';
import { kindOfFile } from '../../files/index';
import { ROOT_DIR } from '../../../paths';
import type { BuiltInExterior, BuiltInExteriorKey } from '../../../contract/siteConfig';
import { builtInExteriors, loadExterior } from '../exteriorFiles';
import { insertTemplates } from '../provision';
import * as repo from './repo';

const STORED_FILE = /^\/files\/([A-Za-z0-9_-]+\.[a-z0-9]+)$/;

export class ExteriorService {
  constructor(
    private readonly db: Db,
    private readonly sites: SiteService,
    private readonly templatesDir = path.join(ROOT_DIR, 'templates'),
  ) {}

  builtIns(): BuiltInExterior[] {
    return builtInExteriors(this.templatesDir);
  }

  /**
   * A new appearance with a built-in one's templates and thumbnail (issue 18), under a name unique in
   * the conference. Its page templates are nobody's default, as with a copy.
   */
  async fromBuiltIn(conferenceId: number, key: BuiltInExteriorKey, name: string): Promise<{ id: number }> {
    const builtIn = loadExterior(this.templatesDir, key);
    const id = await this.db.transaction(async (tx) => {
      if (await repo.findExteriorByName(tx, conferenceId, name))
        throw new AppError(400, 'manageSite:exteriorNameTaken', { field: 'name' });
      const exteriorId = await repo.insertExterior(tx, conferenceId, { name, thumbnail: builtIn.thumbnail ?? '' });
      await insertTemplates(tx, conferenceId, exteriorId, builtIn.templates, false);
      return exteriorId;
    });
    return { id };
  }

  private async currentId(conn: Db | Tx, conferenceId: number): Promise<number | null> {
    const config = await repo.findConfig(conn, conferenceId);
    return config?.exterior_id || null;
  }

  async list(conferenceId: number): Promise<ExteriorItem[]> {
    const [rows, counts, current] = await Promise.all([
      repo.exteriors(this.db, conferenceId),
      repo.exteriorCounts(this.db, conferenceId),
      this.currentId(this.db, conferenceId),
    ]);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      thumbnail: r.thumbnail,
      inUse: r.id === current,
      ...(counts.get(r.id) ?? { templates: 0, pages: 0 }),
    }));
  }

  async find(conferenceId: number, id: number): Promise<ExteriorDetail> {
    const item = (await this.list(conferenceId)).find((e) => e.id === id);
    if (!item) throw notFound();
    const templates = await repo.exteriorTemplates(this.db, conferenceId, id);
    return {
      ...item,
      templateList: templates.map((t) => ({
        id: t.id,
        name: t.name,
        kind: t.template_kind,
        isMobile: Boolean(t.is_mobile),
      })),
    };
  }

  /** Adds (no id) or edits an appearance: a name unique in the conference, a thumbnail uploaded here or none. */
  async save(
    conferenceId: number,
    input: { id?: number | null; name: string; thumbnail: string },
  ): Promise<{ id: number }> {
    const id = await this.db.transaction(async (tx) => {
      const existing = input.id ? await repo.findExterior(tx, conferenceId, input.id) : null;
      if (input.id && !existing) throw notFound();
      const sameName = await repo.findExteriorByName(tx, conferenceId, input.name);
      if (sameName && sameName.id !== existing?.id)
        throw new AppError(400, 'manageSite:exteriorNameTaken', { field: 'name' });
      await this.checkThumbnail(tx, conferenceId, input.thumbnail, existing?.thumbnail ?? null);
      const values = { name: input.name, thumbnail: input.thumbnail };
      if (existing) {
        await repo.updateExterior(tx, conferenceId, existing.id, values);
        return existing.id;
      }
      return repo.insertExterior(tx, conferenceId, values);
    });
    return { id };
  }

  /** The thumbnail is the one already stored, or a thumbnail-kind upload of this conference. */
  private async checkThumbnail(tx: Tx, conferenceId: number, value: string, current: string | null): Promise<void> {
    if (value === current || value === '') return;
    const name = STORED_FILE.exec(value)?.[1];
    // An upload of this conference, of the right kind (the uploads are the files module's).
    const kind = name ? await kindOfFile(tx, conferenceId, name) : null;
    if (kind !== 'thumbnail') throw new AppError(400, 'manageSite:thumbnailInvalid', { field: 'thumbnail' });
  }

  /** Makes it the site's appearance: the template lists default to its templates. */
  async use(conferenceId: number, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (!(await repo.findExterior(tx, conferenceId, id))) throw notFound();
      await repo.updateConfig(tx, conferenceId, { exterior_id: id });
    });
    await this.sites.siteChanged(conferenceId);
  }

  /**
   * Deletes an appearance with its templates. Refused for the one in use, for one that still has
   * pages, and for one whose templates frame pages or templates elsewhere: nothing is orphaned.
   */
  async remove(conferenceId: number, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (!(await repo.findExterior(tx, conferenceId, id))) throw notFound();
      if ((await this.currentId(tx, conferenceId)) === id) throw new AppError(400, 'manageSite:exteriorInUse');
      const counts = (await repo.exteriorCounts(tx, conferenceId)).get(id);
      if (counts?.pages) throw new AppError(400, 'manageSite:exteriorHasPages');
      const templateIds = (await repo.exteriorTemplates(tx, conferenceId, id)).map((t) => t.id);
      if ((await repo.usersOfTemplates(tx, conferenceId, id, templateIds)) > 0)
        throw new AppError(400, 'manageSite:exteriorTemplatesUsed');
      await repo.deleteExteriorTemplates(tx, conferenceId, id);
      await repo.deleteExterior(tx, conferenceId, id);
    });
    // Its templates may have been the default frame of the app's pages.
    await this.sites.siteChanged(conferenceId);
  }

  /** Copies an appearance and its templates under a new name; the copies are nobody's default. */
  async copy(conferenceId: number, id: number, name: string): Promise<{ id: number }> {
    const newId = await this.db.transaction(async (tx) => {
      const source = await repo.findExterior(tx, conferenceId, id);
      if (!source) throw notFound();
      if (await repo.findExteriorByName(tx, conferenceId, name))
        throw new AppError(400, 'manageSite:exteriorNameTaken', { field: 'name' });
      const copyId = await repo.insertExterior(tx, conferenceId, { name, thumbnail: source.thumbnail });
      const rows = await repo.exteriorTemplateRows(tx, conferenceId, id);
      const now = toDbInstant();
      const idMap = new Map<number, number>();
      for (const row of rows) {
        const { id: oldId, ...rest } = row as { id: number } & Record<string, unknown>;
        idMap.set(
          oldId,
          await repo.insertTemplate(tx, {
            ...rest,
            exterior_id: copyId,
            template_id: null,
            default_for: null,
            created_at: now,
            updated_at: now,
          }),
        );
      }
      // A copied page template sits in the copy of its common template (or where the original sat).
      for (const row of rows) {
        const parent = row.template_id as number | null;
        if (parent)
          await repo.setTemplateParent(tx, conferenceId, idMap.get(row.id as number)!, idMap.get(parent) ?? parent);
      }
      return copyId;
    });
    return { id: newId };
  }
}
