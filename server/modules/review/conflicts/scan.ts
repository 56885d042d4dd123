/**
 * One person against every manuscript, paper by paper: the plain reading of the rules. The
 * indexed version for a whole conference (pairs.ts) is tested to give exactly this.
 */
import { declares, preparer, sharesKey, type Me, type Paper } from './people';
import type { PaperPeople, Person, Suggestion } from './types';

export function conflictsOf(person: Person, papers: PaperPeople[]): Suggestion[] {
  const prepare = preparer();
  const me = prepare.person(person);
  const all = papers.map(prepare.paper);
  // Co-authors: everyone who shares a manuscript with this person (one step, not a chain).
  const coKeys = new Set<string>();
  for (const paper of all) {
    if (!paper.authors.some((a) => sharesKey(a.keys, me.keys))) continue;
    for (const a of paper.authors) if (!sharesKey(a.keys, me.keys)) a.keys.forEach((k) => coKeys.add(k));
  }
  return all.flatMap((p) => strongest(me, p, coKeys) ?? []).sort((a, b) => a.paperId - b.paperId);
}

/** The strongest reason for one paper; among authors, the first one listed gives the detail. */
function strongest(me: Me, paper: Paper, coKeys: Set<string>): Suggestion | null {
  const paperId = paper.id;
  const submitted =
    (me.userId !== null && paper.submitterUserId === me.userId) ||
    (me.email !== '' && paper.submitterEmail === me.email);
  if (submitted) return { paperId, reason: 'samePerson', detail: paper.submitterEmail };
  const self = paper.authors.find((a) => sharesKey(a.keys, me.keys));
  if (self) return { paperId, reason: 'samePerson', detail: self.display };
  const declared = paper.declared.find((d) => declares(d, me));
  if (declared) return { paperId, reason: 'authorDeclared', detail: declared.display };
  const coAuthor = paper.authors.find((a) => a.keys.some((k) => coKeys.has(k)));
  if (coAuthor) return { paperId, reason: 'coAuthor', detail: coAuthor.display };
  const colleague = me.org ? paper.authors.find((a) => a.org === me.org) : undefined;
  if (colleague) return { paperId, reason: 'sameInstitution', detail: colleague.company };
  const sameDomain = me.domain ? paper.authors.find((a) => a.domain === me.domain) : undefined;
  return sameDomain ? { paperId, reason: 'sameDomain', detail: me.domain! } : null;
}
