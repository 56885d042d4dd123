/**
 * The places where SQLite and MySQL differ, each in one helper so modules stay portable.
 */
import type { Knex } from 'knex';
import type { Db } from './index';

/** Instants are stored as UTC 'YYYY-MM-DD HH:MM:SS.mmm' text (DATETIME(3) on MySQL). */
export function toDbInstant(date: Date = new Date()): string {
  return date.toISOString().replace('T', ' ').replace('Z', '');
}

export function fromDbInstant(value: string | null | undefined): Date | null {
  if (!value) return null;
  return new Date(value.replace(' ', 'T') + 'Z');
}

/** SELECT ... FOR UPDATE on MySQL; SQLite's single writer already serialises transactions. */
export function lockForUpdate<T extends Knex.QueryBuilder>(db: Db | Knex.Transaction, qb: T): T {
  return db.client.config.client === 'mysql2' ? (qb.forUpdate() as T) : qb;
}

export function parseJson<T>(value: string | null | undefined, fallback: T): T {
  if (value == null || value === '') return fallback;
  try {
    return JSON.parse(value) as T;
  } catch {
    return fallback;
  }
}

/** The id of a row just inserted: knex answers [id] on both dialects. */
export async function insertId(query: Promise<unknown[]>): Promise<number> {
  const rows = await query;
  const first = rows[0] as number | { id: number };
  return typeof first === 'object' ? Number(first.id) : Number(first);
}

/** A unique index refused the row (SQLite SQLITE_CONSTRAINT_UNIQUE, MySQL ER_DUP_ENTRY). */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'ER_DUP_ENTRY';
}

/**
 * A LIKE pattern that finds `value` anywhere, its % and _ taken literally. The escape character
 * is '!', not a backslash: MySQL reads a backslash inside a string literal as an escape itself.
 */
export function likeContains(value: string): string {
  return `%${value.replace(/[!%_]/g, (c) => `!${c}`)}%`;
}
export const LIKE_ESCAPE = "escape '!'";

/**
 * SQL that joins the given expressions as text: `a || b` on SQLite, CONCAT(a, b) on MySQL (where
 * `||` means OR unless PIPES_AS_CONCAT is set). The parts are SQL written in the code — column
 * names, quoted literals — never a user's input, which goes in as a binding.
 */
export function concatSql(db: Db | Knex.Transaction, ...parts: string[]): string {
  return db.client.config.client === 'mysql2' ? `concat(${parts.join(', ')})` : `(${parts.join(' || ')})`;
}
