/**
 * An abstract's credits as every format prints them (the PDF, Word and HTML): its affiliations
 * numbered in the order their first author appears, and each author's marks ("1", "2,*" for the
 * corresponding author). Kept apart from measuring so that the Word and HTML exports do not load
 * pdfkit and the fonts.
 */
import { clean } from './text';
import type { BookAbstract } from './types';

export function affiliations(a: BookAbstract): { list: string[]; marks: string[] } {
  const list: string[] = [];
  const marks = a.authors.map((au) => {
    const aff = clean(au.affiliation).replace(/\s+/g, ' ').trim();
    let n = 0;
    if (aff) n = list.indexOf(aff) + 1 || list.push(aff);
    return [n ? String(n) : '', au.corresponding ? '*' : ''].filter(Boolean).join(',');
  });
  return { list, marks };
}
