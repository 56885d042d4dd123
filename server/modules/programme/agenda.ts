/**
 * Each person's agenda (the items they marked, kept on their account: the same on every device)
 * and the secret address of its calendar feed. Only the sha256 of the secret is stored; making a
 * new one replaces the row, so the old address stops answering at once; a feed's secret is looked
 * up by its hash and compared again in constant time.
 */
import crypto from 'node:crypto';
import type { Db } from '../../db/index';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../platform/errors';
import type { AgendaView, ReleasedItem } from '../../contract/programme';
import { clashesOf, type PublicProgramme, type PublicProgrammes } from './publicData';
import * as repo from './repo';

const SECRET = /^[A-Za-z0-9_-]{43}$/;

export const hashSecret = (secret: string) => crypto.createHash('sha256').update(secret, 'utf8').digest('hex');

export class AgendaService {
  constructor(
    private readonly db: Db,
    private readonly programmes: PublicProgrammes,
  ) {}

  /** The person's marked items that are in the last release, in time order. */
  async items(conferenceId: number, userId: number, p?: PublicProgramme | null): Promise<ReleasedItem[]> {
    const programme = p === undefined ? await this.programmes.of(conferenceId) : p;
    if (!programme) return [];
    const marked = new Set(await repo.agendaUids(this.db, conferenceId, userId));
    return programme.programme.items.filter((i) => marked.has(i.uid));
  }

  async view(conferenceId: number, userId: number): Promise<AgendaView> {
    const items = await this.items(conferenceId, userId);
    return { uids: items.map((i) => i.uid), clashes: clashesOf(items) };
  }

  async mark(conferenceId: number, userId: number, uid: string): Promise<AgendaView> {
    const p = await this.programmes.of(conferenceId);
    if (!p?.byUid.has(uid)) throw new AppError(404, 'programme:unknownItem');
    await repo.addToAgenda(this.db, conferenceId, userId, uid);
    return this.view(conferenceId, userId);
  }

  async unmark(conferenceId: number, userId: number, uid: string): Promise<AgendaView> {
    await repo.removeFromAgenda(this.db, conferenceId, userId, uid);
    return this.view(conferenceId, userId);
  }

  /** A new secret for the person's feed (the old one, if any, stops answering); the secret itself is never stored. */
  async newFeedSecret(conferenceId: number, userId: number): Promise<string> {
    const secret = crypto.randomBytes(32).toString('base64url');
    await inTransaction(this.db, (tx) => repo.replaceFeed(tx, conferenceId, userId, hashSecret(secret)));
    return secret;
  }

  async revokeFeed(conferenceId: number, userId: number): Promise<void> {
    await repo.removeFeed(this.db, conferenceId, userId);
  }

  hasFeed(conferenceId: number, userId: number): Promise<boolean> {
    return repo.hasFeed(this.db, conferenceId, userId);
  }

  /** Whose agenda a feed secret opens, or null (malformed, unknown or revoked). */
  async feedOwner(conferenceId: number, secret: string): Promise<number | null> {
    if (!SECRET.test(secret)) return null;
    const hash = hashSecret(secret);
    const row = await repo.feedByHash(this.db, conferenceId, hash);
    if (!row) return null;
    const same = crypto.timingSafeEqual(Buffer.from(row.tokenHash, 'hex'), Buffer.from(hash, 'hex'));
    return same ? row.userId : null;
  }
}
