/**
 * "This person's identity changed" (their name, language, roles, super-admin status, password) or
 * "this session ended", told to every session cache of the process once the change is committed.
 *
 * It is process-wide, like the logger, because the writes happen deep in the accounts feature's
 * repository functions, often inside another feature's transaction (registration grants the
 * attendee role in its own), where no app object is at hand. Each app subscribes its session
 * cache (server/platform/sessionCache.ts) and forwards the drop to the other instances (Redis).
 */
import type { Knex } from 'knex';

export type IdentityDrop = { userId: number } | { sessionId: string };
type Listener = (drop: IdentityDrop) => void;

const listeners = new Set<Listener>();

export function onIdentityChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function tell(drop: IdentityDrop): void {
  for (const listener of listeners) listener(drop);
}

/**
 * Drops the person's cached identity now and again once `conn`'s outermost transaction ends
 * (committed or not). The second drop is what matters: a request that read the rows before the
 * commit may have stored the old identity after the first drop; the cache refuses an entry whose
 * load began before a drop (its epoch), so after the second drop nothing stale can remain.
 */
export function identityChanged(conn: Knex | Knex.Transaction, drop: IdentityDrop): void {
  tell(drop);
  let tx = (conn as Knex.Transaction).isTransaction ? (conn as Knex.Transaction) : undefined;
  // A nested transaction (savepoint) ends before its parent commits: wait for the outermost.
  while (tx && (tx as Knex.Transaction & { parentTransaction?: Knex.Transaction }).parentTransaction) {
    tx = (tx as Knex.Transaction & { parentTransaction?: Knex.Transaction }).parentTransaction;
  }
  const ended = tx?.executionPromise;
  if (ended) ended.then(() => tell(drop), () => tell(drop));
}
