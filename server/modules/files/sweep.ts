/**
 * The sweepers (./jobs.ts): temporary uploads never claimed by their form, once past the budget's
 * time to live, and stored objects that no row names (left by a crash).
 */
import type { Db } from '../../db/index';
import type { FileStore, StoredEntry } from '../../platform/files';
import { logger } from '../../platform/logger';
import { scopeOf } from './addresses';
import * as repo from './repo';
import type { TemporaryBudget } from './temporary';

/** A stored object younger than this may still be getting its row (or its rename): never an orphan. */
export const ORPHAN_GRACE_MS = 15 * 60_000;

/** Removes the temporary uploads older than the budget's time to live; answers how many. */
export async function sweepTemporary(
  db: Db,
  store: FileStore,
  temporary: TemporaryBudget,
  now = new Date(),
): Promise<number> {
  const before = new Date(now.getTime() - temporary.limits.ttlMs);
  let removed = 0;
  for (;;) {
    const stale = await repo.staleTemporaryFiles(db, before, 500);
    for (const file of stale) {
      // Only while still temporary: a form may have claimed it a moment ago.
      if (!(await repo.deleteTemporaryFile(db, file.conference_id, file.id))) continue;
      await temporary.release(file.conference_id, file.size);
      await store.remove(scopeOf(file.conference_id), file.stored_name);
      removed++;
    }
    if (stale.length < 500) return removed;
  }
}

/**
 * Removes what a crash left in the store: unfinished writes (.part) and finished ones no row
 * names, once older than ORPHAN_GRACE_MS (a file is written just before its row). Answers how many.
 */
export async function sweepOrphans(db: Db, store: FileStore, now = new Date()): Promise<number> {
  const cutoff = now.getTime() - ORPHAN_GRACE_MS;
  let removed = 0;
  let batch: StoredEntry[] = [];
  const flush = async () => {
    for (const entry of await unknown(db, batch)) {
      await store.discard(entry);
      removed++;
    }
    batch = [];
  };
  for await (const entry of store.entries()) {
    if (entry.modifiedAt.getTime() > cutoff) continue;
    if (entry.partial) {
      await store.discard(entry);
      removed++;
      continue;
    }
    batch.push(entry);
    if (batch.length >= 500) await flush();
  }
  await flush();
  if (removed) logger.info({ removed }, 'removed stored files that no row names');
  return removed;
}

/** The entries (finished, of conference scopes) that no files row names. */
async function unknown(db: Db, entries: StoredEntry[]): Promise<StoredEntry[]> {
  const byConference = new Map<number, StoredEntry[]>();
  for (const e of entries) {
    const id = /^c(\d{1,10})$/.exec(e.scope)?.[1];
    if (!id) continue;
    const list = byConference.get(Number(id));
    if (list) list.push(e);
    else byConference.set(Number(id), [e]);
  }
  const out: StoredEntry[] = [];
  for (const [conferenceId, list] of byConference) {
    const known = await repo.storedNamesKnown(
      db,
      conferenceId,
      list.map((e) => e.name),
    );
    out.push(...list.filter((e) => !known.has(e.name)));
  }
  return out;
}
