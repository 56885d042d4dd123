/** Text folding shared by names and organisations: the forms people type the same thing in. */

const ASCII = /^[\x20-\x7e]*$/;

/** NFKC (full-width → half-width), Latin accents dropped (Université = Universite), lower case. */
export function foldText(s: string): string {
  if (ASCII.test(s)) return s.toLowerCase(); // the common case, and the normalisations cost
  return s
    .normalize('NFKD')
    .replace(/(?<=\p{Script=Latin})\p{M}+/gu, '')
    .normalize('NFKC')
    .toLowerCase();
}

export const hasHan = (s: string): boolean => /\p{Script=Han}/u.test(s);

/**
 * A full name as one key: folded, with spaces and punctuation gone, so "Zhang San", "zhang-san"
 * and "ZHANG  San" agree. Word order is handled by the caller (authors give both orders).
 */
export function nameKey(s: string): string {
  const folded = foldText(s);
  return ASCII.test(folded) ? folded.replace(/[^a-z0-9]+/g, '') : folded.replace(/[^\p{L}\p{N}]+/gu, '');
}
