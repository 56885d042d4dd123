/**
 * The front of heavy work for the features (types.ts): `ask` starts a piece of work, or joins the
 * one already queued or running for the same request, or answers the kept result while its data
 * is unchanged; `compute` runs a CPU task in the pool within a request. The runner (runner.ts)
 * does the work; the routes (routes.ts) show it and serve its file.
 */
import crypto from 'node:crypto';
import type { Db } from '../../db/index';
import { parseJson, toDbInstant } from '../../db/dialect';
import type { WorkView } from '../../contract/work';
import { AppError } from '../errors';
import type { FileStore } from '../files';
import { parseInput } from '../validate';
import type { WorkPool } from './pool';
import * as repo from './repo';
import type { Progress, WorkAsker, WorkFile, WorkKind } from './types';

/** Queued or running pieces of work one conference may have at once; past it `work:busy`. */
export const MAX_PENDING_PER_CONFERENCE = 8;

/** An unversioned result is kept this long for its download, then swept. */
export const KEEP_UNVERSIONED_MS = 60 * 60_000;

/** The work store's folder of a conference. */
export const scopeOf = (conferenceId: number) => `c${conferenceId}`;

/** Keys of an object sorted, so that equal parameters give the same key whatever their order. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

export class WorkService {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  private readonly kinds = new Map<string, WorkKind<any>>();
  private readonly wakers = new Set<() => void>();
  private readonly asking = new Map<number, Promise<void>>();

  constructor(
    private readonly db: Db,
    readonly store: FileStore,
    private readonly pool: () => WorkPool,
  ) {}

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  register(kinds: readonly WorkKind<any>[]): void {
    for (const kind of kinds) {
      if (this.kinds.has(kind.name)) throw new Error(`work ${kind.name} is declared twice`);
      this.kinds.set(kind.name, kind);
    }
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  kind(name: string): WorkKind<any> | undefined {
    return this.kinds.get(name);
  }

  /** Called when work is queued here: the runner of this process looks at once instead of at its next poll. */
  onQueued(wake: () => void): () => void {
    this.wakers.add(wake);
    return () => this.wakers.delete(wake);
  }

  /**
   * The work for this request: the one queued or running for the same kind, parameters and
   * language; else the finished one while its data has not changed; else a new one, queued.
   */
  async ask<P>(kind: WorkKind<P>, asker: WorkAsker, raw: P): Promise<WorkView> {
    if (this.kinds.get(kind.name) !== kind) throw new Error(`work ${kind.name} is not declared by a feature`);
    const params = parseInput(kind.params, raw);
    // One ask of a conference at a time in this process, so that two identical requests at once
    // join one piece of work and a burst cannot pass the pending bound between its count and its
    // insert. Across instances the bound may be passed by one per instance: it guards the queue's
    // size, not money.
    const previous = this.asking.get(asker.conferenceId) ?? Promise.resolve();
    const mine = previous.then(() => this.askNow(kind, asker, params));
    const settled = mine.then(
      () => undefined,
      () => undefined,
    );
    this.asking.set(asker.conferenceId, settled);
    void settled.then(() => {
      if (this.asking.get(asker.conferenceId) === settled) this.asking.delete(asker.conferenceId);
    });
    return mine;
  }

  private async askNow<P>(kind: WorkKind<P>, asker: WorkAsker, params: P): Promise<WorkView> {
    const key = crypto
      .createHash('sha256')
      .update(`${kind.name}\n${asker.lang}\n${stableJson(params)}`)
      .digest('hex');
    const latest = await repo.latestOfKey(this.db, asker.conferenceId, key);
    if (latest && (latest.state === 'queued' || latest.state === 'running')) return this.present(latest);
    const version = kind.version ? (await kind.version(asker, params)).slice(0, 200) : null;
    if (latest?.state === 'done' && version !== null && latest.version === version) return this.present(latest);
    if ((await repo.pendingCount(this.db, asker.conferenceId)) >= MAX_PENDING_PER_CONFERENCE)
      throw new AppError(503, 'work:busy');
    const id = await repo.insert(this.db, {
      conference_id: asker.conferenceId,
      kind: kind.name,
      work_key: key,
      params: JSON.stringify(params),
      lang: asker.lang,
      time_zone: asker.timeZone,
      user_id: asker.userId,
      state: 'queued',
      version,
      created_at: toDbInstant(),
    });
    for (const wake of this.wakers) wake();
    return this.view(asker.conferenceId, id);
  }

  async view(conferenceId: number, id: number): Promise<WorkView> {
    const row = await repo.find(this.db, conferenceId, id);
    if (!row) throw new AppError(404, 'work:notFound');
    return this.present(row);
  }

  private async present(row: repo.WorkRow): Promise<WorkView> {
    return repo.present(row, await repo.positionOf(this.db, row));
  }

  /** The finished file of a piece of work of this conference. */
  async file(conferenceId: number, id: number): Promise<WorkFile> {
    const row = await repo.find(this.db, conferenceId, id);
    if (!row) throw new AppError(404, 'work:notFound');
    if (row.state !== 'done' || !row.stored_name) throw new AppError(409, 'work:notReady');
    const bytes = await this.store.read(scopeOf(conferenceId), row.stored_name);
    if (!bytes) throw new AppError(404, 'work:notFound');
    return { name: row.file_name ?? 'download', contentType: row.file_type ?? 'application/octet-stream', bytes };
  }

  // ── a person's own work (their export): conference 0, a NULL conference_id ──────────────────

  /** How many pieces of this kind the person has queued or running (their own work). */
  pendingOfPerson(userId: number, kind: string): Promise<number> {
    return repo.pendingOfPerson(this.db, userId, kind);
  }

  /** The person's newest own work of a kind, or null. */
  async latestOwn(userId: number, kind: string): Promise<WorkView | null> {
    const row = await repo.latestOfPerson(this.db, userId, kind);
    return row ? this.present(row) : null;
  }

  /** A person's own piece of work, for them only: another's answers not found. */
  async viewOwn(userId: number, id: number): Promise<WorkView> {
    const row = await repo.find(this.db, 0, id);
    if (!row || Number(row.user_id) !== userId) throw new AppError(404, 'work:notFound');
    return this.present(row);
  }

  async fileOwn(userId: number, id: number): Promise<WorkFile> {
    const row = await repo.find(this.db, 0, id);
    if (!row || Number(row.user_id) !== userId) throw new AppError(404, 'work:notFound');
    return this.file(0, id);
  }

  /** Forgets a person's own work and its files (their account is erased). */
  async forgetPerson(userId: number): Promise<number> {
    const rows = await repo.ofPerson(this.db, userId);
    for (const r of rows) if (r.stored_name) await this.store.remove(scopeOf(0), r.stored_name).catch(() => undefined);
    await repo.remove(
      this.db,
      rows.map((r) => Number(r.id)),
    );
    return rows.length;
  }

  /** The conference's recent work, newest first. */
  async recent(conferenceId: number): Promise<WorkView[]> {
    const rows = await repo.recentOfConference(this.db, conferenceId, 20);
    return Promise.all(rows.map((r) => this.present(r)));
  }

  /** Runs a CPU task in the pool, counted against the conference's share (within a request). */
  compute<O>(
    conferenceId: number,
    task: string,
    input: unknown,
    progress?: Progress,
    signal?: AbortSignal,
  ): Promise<O> {
    return this.pool().run<O>(conferenceId, task, input, progress, signal);
  }

  /** The parameters a queued row was asked with, checked again (the kind may have changed since). */
  paramsOf(kind: WorkKind, row: repo.WorkRow): unknown {
    return parseInput(kind.params, parseJson<unknown>(row.params, null));
  }
}
