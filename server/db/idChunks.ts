/**
 * Reading the rows of a list of ids that grows with a conference's data (every registrant of an
 * export, every manuscript a chair oversees) a thousand ids per statement: SQLite refuses more
 * than 32,766 bindings in one statement ("too many SQL variables"), which answered 500 for a large
 * conference. MariaDB has no such limit, but a statement of tens of thousands of ids is slow to
 * build and to plan either way.
 */

export const IDS_PER_STATEMENT = 1000;

/**
 * Calls `read` with the ids, without repeats and in ascending order, a slice at a time, and
 * returns the rows of every slice in that order: a statement ordered by the same id gives rows
 * in order overall; rows ordered by another column must be sorted again by the caller.
 */
export async function readByIdChunks<R>(ids: readonly number[], read: (slice: number[]) => Promise<R[]>): Promise<R[]> {
  const wanted = [...new Set(ids)].sort((a, b) => a - b);
  const rows: R[] = [];
  for (let i = 0; i < wanted.length; i += IDS_PER_STATEMENT)
    rows.push(...(await read(wanted.slice(i, i + IDS_PER_STATEMENT))));
  return rows;
}
