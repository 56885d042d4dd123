/**
 * Row tools of the privacy fixture (fixture.ts, fixturePapers.ts): a row put straight into a table
 * with its NOT NULL columns filled, and every row of every table naming a text.
 */
import type { Knex } from 'knex';

export const now = () => new Date().toISOString().slice(0, 23).replace('T', ' ');

/** Inserts a row, filling the NOT NULL columns not given with neutral values (never the person's data). */
export async function put(db: Knex, table: string, values: Record<string, unknown>): Promise<number> {
  const info = await db(table).columnInfo();
  const row: Record<string, unknown> = { ...values };
  for (const [col, c] of Object.entries(info)) {
    if (col in row || c.nullable || c.defaultValue !== null || col === 'id') continue;
    const type = c.type.toLowerCase();
    row[col] = /int|bool|tinyint/.test(type) ? 0 : /date|time/.test(type) ? now() : /text/.test(type) ? '{}' : 'x';
  }
  const [id] = await db(table)
    .insert(row, ['id'])
    .catch(async (err) => {
      // Tables without an id column (links, reads)
      if (!('id' in info)) {
        await db(table).insert(row);
        return [0];
      }
      throw err;
    });
  return typeof id === 'object' && id !== null ? Number((id as { id: number }).id) : Number(id);
}

/** Every row of every table in which one of the texts appears (case-insensitive), as `table: row`. */
export async function rowsNaming(
  db: Knex,
  texts: string[],
): Promise<Array<{ table: string; row: Record<string, unknown> }>> {
  const client = String(db.client.config.client);
  const tables: string[] = client.includes('sqlite')
    ? (await db.raw("select name from sqlite_master where type='table' and name not like 'sqlite_%'")).map(
        (r: { name: string }) => r.name,
      )
    : (await db.raw('show tables'))[0].map((r: Record<string, string>) => Object.values(r)[0]);
  const found: Array<{ table: string; row: Record<string, unknown> }> = [];
  const wanted = texts.map((t) => t.toLowerCase());
  for (const table of tables) {
    for (const row of (await db(table).select('*')) as Array<Record<string, unknown>>) {
      const text = JSON.stringify(row, (_k, v) => (Buffer.isBuffer(v) ? v.toString('utf8') : v)).toLowerCase();
      if (wanted.some((w) => text.includes(w))) found.push({ table, row });
    }
  }
  return found;
}
