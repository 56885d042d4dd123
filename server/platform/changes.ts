/**
 * "Data that a cache holds has changed", told to every app of the process once the change is
 * committed; each app drops its entries and forwards the notice to the other instances (Redis,
 * server/platform/cache.ts). What changed:
 * - a person (name, language, roles, super-admin status, password) or a session (ended): the
 *   session cache (sessionCache.ts);
 * - a conference's data that its caches are built from (its registration form or window): every
 *   cache of the conference, as the site's own edits do (SiteService.siteChanged);
 * - platform data shown on every conference's pages (the organisations of the sign-in page):
 *   every conference's cached pages.
 *
 * It is process-wide, like the logger, because the writes happen in repository functions, often
 * inside another feature's transaction (registration grants the attendee role in its own), where
 * no app object is at hand.
 */
import type { Knex } from 'knex';

export type IdentityDrop = { userId: number } | { sessionId: string };
export type ChangeNotice = IdentityDrop | { conferenceId: number } | { everyConference: true };
type Listener = (notice: ChangeNotice) => void;

const listeners = new Set<Listener>();

export function onCachedDataChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function tell(notice: ChangeNotice): void {
  for (const listener of listeners) listener(notice);
}

/**
 * Tells the caches now and again once `conn`'s outermost transaction ends (committed or not).
 * The second notice is what matters: a request that read the rows before the commit may have
 * stored the old value after the first; the caches refuse a value whose load began before a drop
 * (their epoch), so after the second notice nothing stale can remain.
 */
export function cachedDataChanged(conn: Knex | Knex.Transaction, notice: ChangeNotice): void {
  tell(notice);
  whenTransactionEnds(conn, () => tell(notice));
}

/** Runs `then` once `conn`'s outermost transaction has ended, committed or not; outside a transaction, never. */
export function whenTransactionEnds(conn: Knex | Knex.Transaction, then: () => void): void {
  type Nested = Knex.Transaction & { parentTransaction?: Knex.Transaction };
  let tx = (conn as Knex.Transaction).isTransaction ? (conn as Nested) : undefined;
  // A nested transaction (savepoint) ends before its parent commits: wait for the outermost.
  while (tx?.parentTransaction) tx = tx.parentTransaction as Nested;
  tx?.executionPromise?.then(then, then);
}
