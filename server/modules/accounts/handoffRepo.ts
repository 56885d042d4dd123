/**
 * The one-time sign-in hand-over codes (`session_handoffs`), stored only as HMACs. A code is used
 * once: marking it used is one conditional update, so two concurrent exchanges cannot both win.
 */
import type { Db, Tx } from '../../db/index';
import { fromDbInstant } from '../../db/dialect';

/** A hand-over as stored. */
export type HandoffRow = {
  id: number;
  conference_id: number;
  user_id: number;
  code_hash: string;
  state_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
};

/** A hand-over as the exchange reads it. */
export type Handoff = {
  id: number;
  conferenceId: number;
  userId: number;
  stateHash: string;
  expiresAt: Date | null;
  used: boolean;
};

export async function insertHandoff(
  db: Db,
  handoff: Pick<HandoffRow, 'conference_id' | 'user_id' | 'code_hash' | 'state_hash' | 'created_at' | 'expires_at'>,
): Promise<void> {
  await db('session_handoffs').insert(handoff);
}

/** Clears the hand-overs that expired before `before`. */
export async function deleteHandoffsExpiredBefore(db: Db, before: string): Promise<void> {
  await db('session_handoffs').where('expires_at', '<', before).delete();
}

export async function handoffByCode(db: Db, codeHash: string): Promise<Handoff | undefined> {
  const row = await db('session_handoffs').where({ code_hash: codeHash }).first();
  return (
    row && {
      id: Number(row.id),
      conferenceId: Number(row.conference_id),
      userId: Number(row.user_id),
      stateHash: row.state_hash,
      expiresAt: fromDbInstant(row.expires_at),
      used: Boolean(row.used_at),
    }
  );
}

/** Marks the hand-over used unless it already is: true only for the request that did. */
export async function markHandoffUsed(db: Db, id: number, at: string): Promise<boolean> {
  const used = await db('session_handoffs').where({ id }).whereNull('used_at').update({ used_at: at });
  return used === 1;
}

/** Deletes every hand-over of the user (an erasure stops them at once). */
export async function deleteHandoffsOf(db: Db | Tx, userId: number): Promise<void> {
  await db('session_handoffs').where({ user_id: userId }).del();
}
