/**
 * The programme's editor (issue 34): rooms, settings, items placed, moved, resized, nested in a
 * session block or deleted — each save checked against the item's revision (saveChecks.ts) — the
 * conflicts of the whole, and the release (publish.ts).
 */
import type { Db } from '../../db/index';
import { inTransaction } from '../../db/transaction';
import type { ProgrammeReleaseSummary } from '../../contract/programme';
import type {
  EditorItem,
  EditorRoom,
  EditorSettings,
  EditorState,
  ProgrammeConflict,
  SaveAnswer,
} from '../../contract/programmeEditor';
import type { CreateItemInput, PlaceInput, RoomInput, UpdateItemInput } from '../../contract/programmeEditorApi';
import { AppError } from '../../platform/errors';
import type { EventBus } from '../../platform/events';
import type { ConferenceMailGate } from '../mail/index';
import { programmeManuscripts } from '../submissions/index';
import { concerning } from './conflicts';
import { layoutBlock, settingsOnce } from './blockLayout';
import {
  conflictsOfWorking,
  readWorking,
  roomOf,
  settingsOf,
  type EditorContext,
  type ManuscriptSource,
} from './editor';
import { publishRelease, releaseSummaries } from './publish';
import { checkRefs, currentItem, notFound, staleItem, storedPeople, writeItem } from './saveChecks';
import * as repo from './repo';

export class ProgrammeEditor {
  /**
   * The manuscripts as the editor's answers read them: kept in memory while unchanged
   * (keptManuscripts.ts), so a drop does not read every paper and author again. A release reads
   * the tables itself.
   */
  private readonly manuscripts: ManuscriptSource;

  constructor(
    private readonly db: Db,
    private readonly events: EventBus,
    private readonly mailGate: ConferenceMailGate,
    manuscripts?: ManuscriptSource,
  ) {
    this.manuscripts = manuscripts ?? ((cid, alsoIds) => programmeManuscripts(db, cid, alsoIds));
  }

  /** The working programme for the editor's answers (not for a release). */
  private working(conferenceId: number) {
    return readWorking(this.db, conferenceId, this.manuscripts);
  }

  async state(ctx: EditorContext): Promise<EditorState> {
    const w = await this.working(ctx.conferenceId);
    return {
      timeZone: ctx.timeZone,
      days: ctx.days,
      settings: w.settings,
      rooms: w.rooms,
      items: w.items,
      papers: [...w.papers.values()],
      sessions: w.terms.sessions,
      reportTypes: w.terms.reportTypes,
      conflicts: conflictsOfWorking(w, ctx.days, ctx.lang),
      releases: await this.releases(ctx.conferenceId),
      draftRevision: w.draftRevision,
    };
  }

  async conflicts(ctx: EditorContext): Promise<ProgrammeConflict[]> {
    return conflictsOfWorking(await this.working(ctx.conferenceId), ctx.days, ctx.lang);
  }

  async saveSettings(conferenceId: number, s: EditorSettings): Promise<EditorSettings> {
    await inTransaction(this.db, async (tx) => {
      await repo.saveSettings(tx, conferenceId, {
        day_start_minute: s.dayStartMinute,
        day_end_minute: s.dayEndMinute,
        slot_minutes: s.slotMinutes,
        lengths: JSON.stringify(s.lengths),
        default_length: s.defaultLength,
      });
      await repo.bumpDraft(tx, conferenceId);
    });
    return settingsOf(await repo.settingsRow(this.db, conferenceId));
  }

  // ─── rooms ───

  async rooms(conferenceId: number): Promise<EditorRoom[]> {
    return (await repo.roomRows(this.db, conferenceId)).map(roomOf);
  }

  async addRoom(conferenceId: number, input: RoomInput): Promise<EditorRoom[]> {
    await inTransaction(this.db, async (tx) => {
      const last = (await repo.roomRows(tx, conferenceId)).reduce((m, r) => Math.max(m, Number(r.position)), -1);
      await repo.insertRoom(tx, conferenceId, {
        name_zh: input.name.zh,
        name_en: input.name.en,
        capacity: input.capacity,
        position: input.position ?? last + 1,
      });
      await repo.bumpDraft(tx, conferenceId);
    });
    return this.rooms(conferenceId);
  }

  async saveRoom(conferenceId: number, id: number, input: RoomInput): Promise<EditorRoom[]> {
    await inTransaction(this.db, async (tx) => {
      const changed = await repo.updateRoom(tx, conferenceId, id, {
        name_zh: input.name.zh,
        name_en: input.name.en,
        capacity: input.capacity,
        ...(input.position !== undefined ? { position: input.position } : {}),
      });
      if (!changed) throw notFound();
      await repo.bumpDraft(tx, conferenceId);
    });
    return this.rooms(conferenceId);
  }

  /** A room with items placed in it stays: move them first (nothing is dropped off the grid unseen). */
  async removeRoom(conferenceId: number, id: number): Promise<EditorRoom[]> {
    await inTransaction(this.db, async (tx) => {
      if (await repo.itemsInRoom(tx, conferenceId, id)) throw new AppError(409, 'programmeManage:roomInUse');
      if (!(await repo.deleteRoom(tx, conferenceId, id))) throw notFound();
      await repo.bumpDraft(tx, conferenceId);
    });
    return this.rooms(conferenceId);
  }

  // ─── items ───

  private async answer(
    ctx: EditorContext,
    id: number | null,
    touched: number[],
    removed: number[] = [],
  ): Promise<SaveAnswer> {
    const w = await this.working(ctx.conferenceId);
    const all = conflictsOfWorking(w, ctx.days, ctx.lang);
    const byId = new Map(w.items.map((i) => [i.id, i]));
    return {
      item: id !== null ? (byId.get(id) ?? null) : null,
      moved: touched
        .filter((t) => t !== id)
        .map((t) => byId.get(t))
        .filter((i): i is EditorItem => Boolean(i)),
      removed,
      conflicts: concerning(all, [...(id !== null ? [id] : []), ...touched]),
      all,
      draftRevision: w.draftRevision,
    };
  }

  async addItem(ctx: EditorContext, input: CreateItemInput): Promise<SaveAnswer> {
    const { conferenceId: cid, userId } = ctx;
    let id = 0;
    let touched: number[] = [];
    await inTransaction(this.db, async (tx) => {
      const settings = settingsOnce(tx, cid);
      await checkRefs(tx, cid, { roomId: input.place?.roomId, sessionId: input.sessionId });
      let sessionId = input.sessionId;
      if (input.kind === 'paper') {
        const paper = (await programmeManuscripts(tx, cid, [input.submissionId!])).find(
          (m) => m.id === input.submissionId,
        );
        if (!paper) throw new AppError(400, 'programmeManage:paperNotFound', { field: 'submissionId' });
        sessionId ??= paper.sessionId;
      }
      let parent: repo.Item | undefined;
      if (input.parentId !== null) {
        parent = await repo.itemRow(tx, cid, input.parentId);
        if (!parent || parent.kind !== 'session' || input.kind !== 'paper')
          throw new AppError(400, 'programmeManage:blockNotFound', { field: 'parentId' });
      }
      const p = input.place;
      id = await repo.insertItem(
        tx,
        cid,
        {
          kind: input.kind,
          submission_id: input.submissionId,
          session_id: sessionId,
          parent_id: parent ? parent.id : null,
          position: parent ? 10_000 : 0,
          day: p?.day ?? null,
          start_minute: p?.startMinute ?? null,
          end_minute: p?.endMinute ?? null,
          room_id: p?.roomId ?? null,
          title_zh: input.title.zh,
          title_en: input.title.en,
          description_zh: input.description.zh,
          description_en: input.description.en,
          speakers: JSON.stringify(await storedPeople(tx, input.speakers)),
          chair: input.chair ? JSON.stringify((await storedPeople(tx, [input.chair]))[0]) : null,
        },
        userId,
      );
      if (parent) touched = await layoutBlock(tx, cid, parent, userId, settings);
      await repo.bumpDraft(tx, cid);
    });
    return this.answer(ctx, id, touched);
  }

  async saveItem(ctx: EditorContext, id: number, input: UpdateItemInput): Promise<SaveAnswer> {
    await inTransaction(this.db, async (tx) => {
      const row = await currentItem(tx, ctx.conferenceId, id, input.revision);
      await checkRefs(tx, ctx.conferenceId, { sessionId: input.sessionId });
      await writeItem(
        tx,
        ctx.conferenceId,
        row,
        {
          title_zh: input.title.zh,
          title_en: input.title.en,
          description_zh: input.description.zh,
          description_en: input.description.en,
          session_id: input.sessionId ?? (row.kind === 'paper' ? row.session_id : null),
          speakers: JSON.stringify(await storedPeople(tx, input.speakers)),
          chair: input.chair ? JSON.stringify((await storedPeople(tx, [input.chair]))[0]) : null,
        },
        ctx.userId,
      );
      await repo.bumpDraft(tx, ctx.conferenceId);
    });
    return this.answer(ctx, id, []);
  }

  /**
   * Moves or resizes an item (a block takes its papers along); a paper dropped out of its block
   * leaves it; `day: null` takes it off the grid. A block's papers move in one statement and are
   * laid out from what was just written: a drop is a handful of statements (issue 34: ≤ 200 ms).
   */
  async place(ctx: EditorContext, id: number, input: PlaceInput): Promise<SaveAnswer> {
    const { conferenceId: cid, userId } = ctx;
    let touched: number[] = [];
    await inTransaction(this.db, async (tx) => {
      touched = [];
      const row = await currentItem(tx, cid, id, input.revision);
      await checkRefs(tx, cid, { roomId: input.roomId });
      const settings = settingsOnce(tx, cid);
      const place: repo.ItemValues =
        input.day === null
          ? { day: null, start_minute: null, end_minute: null, room_id: null }
          : { day: input.day, start_minute: input.startMinute, end_minute: input.endMinute, room_id: input.roomId };
      const oldParent = row.parent_id != null ? await repo.itemRow(tx, cid, row.parent_id) : undefined;
      await writeItem(tx, cid, row, { ...place, ...(oldParent ? { parent_id: null, position: 0 } : {}) }, userId);
      if (oldParent) touched = await layoutBlock(tx, cid, oldParent, userId, settings);
      if (row.kind === 'session') {
        // the block as just written (the conditional update above succeeded)
        const moved: repo.Item = { ...row, ...place, revision: Number(row.revision) + 1 };
        const shift =
          row.start_minute != null && moved.start_minute != null
            ? Number(moved.start_minute) - Number(row.start_minute)
            : null;
        let children = await repo.childRows(tx, cid, id);
        if (shift !== null && row.day != null) {
          // the papers keep their lengths and order; moved with the block
          const sized = children.filter((c) => c.start_minute != null && c.end_minute != null).map((c) => c.id);
          await repo.shiftChildren(tx, cid, id, sized, { day: moved.day, room_id: moved.room_id, shift }, userId);
          const now = new Set(sized);
          children = children.map((c) =>
            now.has(c.id)
              ? {
                  ...c,
                  day: moved.day,
                  room_id: moved.room_id,
                  start_minute: Number(c.start_minute) + shift,
                  end_minute: Number(c.end_minute) + shift,
                  revision: Number(c.revision) + 1,
                }
              : c,
          );
          touched.push(...sized);
        }
        touched.push(
          ...(await layoutBlock(tx, cid, moved, userId, settings, children)).filter((t) => !touched.includes(t)),
        );
      }
      await repo.bumpDraft(tx, cid);
    });
    return this.answer(ctx, id, touched);
  }

  /** A paper into a session block at a position (laid out from the block's start), or out of it (off the grid). */
  async nest(
    ctx: EditorContext,
    id: number,
    input: { revision: number; parentId: number | null; position: number },
  ): Promise<SaveAnswer> {
    const { conferenceId: cid, userId } = ctx;
    const touched = new Set<number>();
    await inTransaction(this.db, async (tx) => {
      const row = await currentItem(tx, cid, id, input.revision);
      if (row.kind !== 'paper') throw new AppError(400, 'programmeManage:onlyPapersNest', { field: 'parentId' });
      touched.clear();
      const settings = settingsOnce(tx, cid);
      const block = input.parentId !== null ? await repo.itemRow(tx, cid, input.parentId) : undefined;
      if (input.parentId !== null && (!block || block.kind !== 'session'))
        throw new AppError(400, 'programmeManage:blockNotFound', { field: 'parentId' });
      const oldParent =
        row.parent_id != null && row.parent_id !== input.parentId
          ? await repo.itemRow(tx, cid, row.parent_id)
          : undefined;
      if (block) {
        // the new order: the siblings with this paper at its place
        const siblings = (await repo.childRows(tx, cid, block.id)).filter((c) => c.id !== id);
        const at = Math.min(input.position, siblings.length);
        const order: Array<repo.Item | null> = [...siblings];
        order.splice(at, 0, null);
        for (const [position, c] of order.entries()) {
          if (c === null) await writeItem(tx, cid, row, { parent_id: block.id, position }, userId);
          else if (Number(c.position) !== position)
            await repo.updateItemAt(tx, cid, c.id, Number(c.revision), { position }, userId);
        }
        for (const t of await layoutBlock(tx, cid, block, userId, settings)) touched.add(t);
        touched.add(id);
      } else {
        await writeItem(
          tx,
          cid,
          row,
          { parent_id: null, position: 0, day: null, start_minute: null, end_minute: null, room_id: null },
          userId,
        );
      }
      if (oldParent) for (const t of await layoutBlock(tx, cid, oldParent, userId, settings)) touched.add(t);
      await repo.bumpDraft(tx, cid);
    });
    touched.delete(id);
    return this.answer(ctx, id, [...touched]);
  }

  /** Deletes an item; a block's papers go back to those waiting. */
  async removeItem(ctx: EditorContext, id: number, revision: number): Promise<SaveAnswer> {
    const { conferenceId: cid, userId } = ctx;
    const touched: number[] = [];
    await inTransaction(this.db, async (tx) => {
      const row = await currentItem(tx, cid, id, revision);
      touched.length = 0;
      for (const c of await repo.childRows(tx, cid, id)) {
        await repo.updateItemAt(
          tx,
          cid,
          c.id,
          Number(c.revision),
          { parent_id: null, position: 0, day: null, start_minute: null, end_minute: null, room_id: null },
          userId,
        );
        touched.push(c.id);
      }
      if (!(await repo.deleteItemAt(tx, cid, id, Number(row.revision))))
        throw await staleItem(tx, (await repo.itemRow(tx, cid, id))!);
      const parent = row.parent_id != null ? await repo.itemRow(tx, cid, row.parent_id) : undefined;
      if (parent) touched.push(...(await layoutBlock(tx, cid, parent, userId, settingsOnce(tx, cid))));
      await repo.bumpDraft(tx, cid);
    });
    return this.answer(ctx, null, touched, [id]);
  }

  // ─── releases ───

  async releases(conferenceId: number): Promise<ProgrammeReleaseSummary[]> {
    return releaseSummaries(this.db, conferenceId);
  }

  /**
   * Publishes the working programme as the next release. Refused while a conflict remains (409,
   * with the list), and when the working programme changed since the manager last saw it
   * (`draftRevision`) or while this was computed (409 programmeManage:draftChanged: look again).
   */
  async release(ctx: EditorContext, note: string, seenRevision?: number): Promise<ProgrammeReleaseSummary> {
    return publishRelease({ db: this.db, events: this.events, mailGate: this.mailGate }, ctx, note, seenRevision);
  }
}
