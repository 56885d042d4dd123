/** The queries of the single-use download tokens (downloadTokens.ts); tokens are kept as hashes. */
import type { Db } from '../../db/index';
import { toDbInstant } from '../../db/dialect';

/** Deletes every conference's tokens that expired before `now`. */
export async function sweepExpiredDownloadTokens(db: Db, now: Date): Promise<void> {
  await db('download_tokens').where('expires_at', '<', toDbInstant(now)).delete();
}

export async function insertDownloadToken(
  db: Db,
  conferenceId: number,
  token: { hash: string; userId: number; expiresAt: Date },
): Promise<void> {
  await db('download_tokens').insert({
    token_hash: token.hash,
    conference_id: conferenceId,
    user_id: token.userId,
    expires_at: toDbInstant(token.expiresAt),
  });
}

/** The user a token of this conference was issued to, used or not; null when there is none. */
export async function downloadTokenHolder(db: Db, conferenceId: number, hash: string): Promise<number | null> {
  const row = await db('download_tokens').where({ token_hash: hash, conference_id: conferenceId }).first('user_id');
  return row ? Number(row.user_id) : null;
}

/** Marks the token used if it is unused and unexpired; whether this call did (one conditional update: of two, one wins). */
export async function useDownloadToken(db: Db, conferenceId: number, hash: string, now: Date): Promise<boolean> {
  const used = await db('download_tokens')
    .where({ token_hash: hash, conference_id: conferenceId })
    .whereNull('used_at')
    .andWhere('expires_at', '>', toDbInstant(now))
    .update({ used_at: toDbInstant(now) });
  return used === 1;
}
