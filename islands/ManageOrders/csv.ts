/**
 * The header row of a bank statement read in the browser, for the column selects. Only the
 * header is parsed here; the server reads the rows.
 */

/** The cells of the first record: comma separated, double-quoted cells may hold commas, quotes ("") and line breaks. */
export function csvHeader(text: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  const s = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (quoted) {
      if (c === '"' && s[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      cells.push(cell.trim());
      cell = '';
    } else if (c === '\n' || c === '\r') break;
    else cell += c;
  }
  cells.push(cell.trim());
  return cells.filter(Boolean).length ? cells.filter(Boolean) : [];
}

/** A saved column name when this statement has it, else nothing: a stale mapping is not kept. */
export function preset(header: string[], saved: string | undefined): string | undefined {
  return saved && header.includes(saved) ? saved : undefined;
}
