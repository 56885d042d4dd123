/**
 * Single-use, short-lived tokens for downloads made by a form post in a new tab (spec 7
 * download/files carries `access_token`). The session token itself never goes into a form or
 * a URL (DESIGN.md 5): the screen asks for one of these, which opens one download, once.
 */
import crypto from 'node:crypto';
import type { Db } from '../../db/index';
import {
  downloadTokenHolder,
  insertDownloadToken,
  sweepExpiredDownloadTokens,
  useDownloadToken,
} from './downloadTokenRepo';

export const DOWNLOAD_TOKEN_TTL_MS = 2 * 60_000;

const hashOf = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export async function issueDownloadToken(
  db: Db,
  conferenceId: number,
  userId: number,
  now = new Date(),
): Promise<string> {
  const token = crypto.randomBytes(24).toString('base64url');
  // Expired tokens of anyone are swept here: the table stays as small as the last minutes' use.
  await sweepExpiredDownloadTokens(db, now);
  await insertDownloadToken(db, conferenceId, {
    hash: hashOf(token),
    userId,
    expiresAt: new Date(now.getTime() + DOWNLOAD_TOKEN_TTL_MS),
  });
  return token;
}

/** The user the token was issued to, using it up; null when unknown, used, expired or another conference's. */
export async function consumeDownloadToken(
  db: Db,
  conferenceId: number,
  token: string,
  now = new Date(),
): Promise<number | null> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
  const hash = hashOf(token);
  const holder = await downloadTokenHolder(db, conferenceId, hash);
  if (holder === null) return null;
  // One conditional update: of two requests with the same token, one wins.
  return (await useDownloadToken(db, conferenceId, hash, now)) ? holder : null;
}
