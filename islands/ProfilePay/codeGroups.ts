/**
 * A code's groups as a person reads them out: the groups it was written in (an IBAN in fours, an
 * account as the bank prints it), or a long run of digits in fours as bank cards show it.
 */
export function codeGroups(value: string): string[] {
  const written = value.trim().split(/\s+/).filter(Boolean);
  if (written.length > 1) return written;
  return /^\d{9,}$/.test(value.trim()) ? value.trim().match(/\d{1,4}/g)! : written;
}
