/**
 * The column selects of the statement import: the header comes from the server, which reads the
 * file in whatever encoding or format the bank wrote it (previewStatement).
 */

/** A saved column name when this statement has it, else nothing: a stale mapping is not kept. */
export function preset(header: string[], saved: string | undefined): string | undefined {
  return saved && header.includes(saved) ? saved : undefined;
}
