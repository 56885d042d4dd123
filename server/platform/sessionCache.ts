/**
 * Who a token belongs to, remembered between a person's requests: the verified session and the
 * identity (user, roles, super admin) that the session middleware would otherwise read with a JWT
 * check and four queries on every request.
 *
 * Only requests that read (GET, HEAD) use a remembered identity; every request that changes
 * something is checked against the database as it is now (sessionMiddleware.ts). An entry is
 * dropped when its person or session changes, on every instance (changes.ts and the
 * invalidation bus), and is never kept longer than its session or TTL_MS, the bound on what a
 * lost Redis message could leave behind.
 */
import { deepFreeze } from './freeze';
import type { Identity } from './identity';
import type { VerifiedSession } from './session';

const TTL_MS = 30_000;
const MAX_ENTRIES = 20_000;

export type KnownSession = {
  conferenceId: number | null;
  session: VerifiedSession;
  /** frozen: shared by every request of this session */
  identity: Identity;
  storedAt: number;
};

export class SessionCache {
  private readonly byToken = new Map<string, KnownSession>();
  private readonly tokensOfUser = new Map<number, Set<string>>();
  private readonly tokenOfSession = new Map<string, string>();
  /** counts drops: an entry whose load began before the latest drop may be stale and is not kept */
  private drops = 0;

  constructor(
    private readonly ttlMs = TTL_MS,
    private readonly maxEntries = MAX_ENTRIES,
  ) {}

  /** Forgets everyone (Redis came back: a notice that a person or session changed may have been missed). */
  clear(): void {
    this.drops++;
    this.byToken.clear();
    this.tokensOfUser.clear();
    this.tokenOfSession.clear();
  }

  /** Read before loading an identity; give it back to remember(). */
  get epoch(): number {
    return this.drops;
  }

  recall(token: string, conferenceId: number | null, now = Date.now()): KnownSession | undefined {
    const entry = this.byToken.get(token);
    if (!entry) return undefined;
    if (entry.conferenceId !== conferenceId) return undefined;
    if (now - entry.storedAt > this.ttlMs || entry.session.expiresAt <= now) {
      this.remove(token, entry);
      return undefined;
    }
    return entry;
  }

  /** The entry for this request; kept for the next ones unless something was dropped meanwhile. */
  remember(
    token: string,
    conferenceId: number | null,
    session: VerifiedSession,
    identity: Identity,
    epoch: number,
  ): KnownSession {
    const entry: KnownSession = {
      conferenceId,
      session: deepFreeze(session),
      identity: deepFreeze(identity),
      storedAt: Date.now(),
    };
    if (epoch !== this.drops) return entry;
    const previous = this.byToken.get(token);
    if (previous) this.remove(token, previous);
    if (this.byToken.size >= this.maxEntries) {
      const [oldest, oldestEntry] = this.byToken.entries().next().value as [string, KnownSession];
      this.remove(oldest, oldestEntry);
    }
    this.byToken.set(token, entry);
    const userId = identity.user.id;
    let tokens = this.tokensOfUser.get(userId);
    if (!tokens) this.tokensOfUser.set(userId, (tokens = new Set()));
    tokens.add(token);
    this.tokenOfSession.set(session.sessionId, token);
    return entry;
  }

  dropUser(userId: number): void {
    this.drops++;
    for (const token of this.tokensOfUser.get(userId) ?? []) this.remove(token, this.byToken.get(token));
  }

  dropSession(sessionId: string): void {
    this.drops++;
    const token = this.tokenOfSession.get(sessionId);
    if (token) this.remove(token, this.byToken.get(token));
  }

  size(): number {
    return this.byToken.size;
  }

  private remove(token: string, entry: KnownSession | undefined): void {
    this.byToken.delete(token);
    if (!entry) return;
    if (this.tokenOfSession.get(entry.session.sessionId) === token) this.tokenOfSession.delete(entry.session.sessionId);
    const tokens = this.tokensOfUser.get(entry.identity.user.id);
    tokens?.delete(token);
    if (tokens && !tokens.size) this.tokensOfUser.delete(entry.identity.user.id);
  }
}
