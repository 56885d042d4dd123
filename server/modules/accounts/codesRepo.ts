/**
 * The verification codes (`verification_codes`), stored only as an HMAC. The counting of wrong
 * tries is atomic here: each change is one conditional statement, which codes.ts runs outside any
 * transaction (reserving a try) or inside the caller's (using the code up).
 */
import type { Db, Tx } from '../../db/index';
import { fromDbInstant } from '../../db/dialect';
import type { CodePurpose } from '../../contract/validation';

/** A code as stored. */
export type CodeRow = {
  id: number;
  email: string;
  purpose: CodePurpose;
  code_hash: string;
  conference_id: number | null;
  wrong_attempts: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
};

/** A code as the checks read it. */
export type Code = {
  id: number;
  codeHash: string;
  wrongAttempts: number;
  createdAt: Date;
  expiresAt: Date;
  used: boolean;
};

/** The newest code sent to this e-mail for this purpose: the valid one. */
export async function latestCode(db: Db, email: string, purpose: CodePurpose): Promise<Code | undefined> {
  const row = await db('verification_codes').where({ email, purpose }).orderBy('id', 'desc').first();
  return (
    row && {
      id: Number(row.id),
      codeHash: row.code_hash,
      wrongAttempts: Number(row.wrong_attempts),
      createdAt: fromDbInstant(row.created_at)!,
      expiresAt: fromDbInstant(row.expires_at)!,
      used: Boolean(row.used_at),
    }
  );
}

export async function insertCode(
  db: Db | Tx,
  code: Pick<CodeRow, 'email' | 'purpose' | 'code_hash' | 'conference_id' | 'created_at' | 'expires_at'>,
): Promise<void> {
  await db('verification_codes').insert(code);
}

/** Marks the code used unless it already is: false when another request used it first. */
export async function useCode(db: Db | Tx, id: number, at: string): Promise<boolean> {
  const used = await db('verification_codes').where({ id }).whereNull('used_at').update({ used_at: at });
  return used !== 0;
}

/** Counts one wrong try while the code is unused and has tries left: false when it had none. */
export async function reserveTry(db: Db, id: number, maxWrong: number): Promise<boolean> {
  const reserved = await db('verification_codes')
    .where({ id })
    .whereNull('used_at')
    .where('wrong_attempts', '<', maxWrong)
    .increment('wrong_attempts', 1);
  return reserved !== 0;
}

/** Gives back a try reserved by a right answer. */
export async function giveTryBack(db: Db, id: number): Promise<void> {
  await db('verification_codes').where({ id }).where('wrong_attempts', '>', 0).decrement('wrong_attempts', 1);
}

/** Deletes the codes sent to these addresses (an erased account's). */
export async function deleteCodesOf(db: Db | Tx, emails: string[]): Promise<void> {
  await db('verification_codes').whereIn('email', emails).del();
}
