/**
 * Every reviewer against every manuscript of a conference, for the assignment. The papers are
 * indexed once by each kind of key, so a reviewer costs a few map look-ups plus the hits, not a
 * pass over every author. Gives exactly what conflictsOf (scan.ts) gives person by person.
 */
import { preparer, sharesKey, type Paper } from './people';
import { CONFLICT_REASONS, type ConflictPair, type ConflictReason, type PaperPeople, type Person } from './types';

/**
 * Where a key occurs, as one number so that the index holds no object per hit: the paper's
 * position × AUTHORS + the author's place from 1 (0 stands for the submitter, who ranks first).
 */
type Hit = number;
const AUTHORS = 4096; // far above the 30 authors a manuscript may have

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function indexPapers(papers: Paper[]) {
  const bySubmitter = new Map<number | string, number[]>();
  const byKey = new Map<string, Hit[]>();
  const byOrg = new Map<string, Hit[]>();
  const byDomain = new Map<string, Hit[]>();
  // An author's declarations, by e-mail and by institution; the hit's place is the declaration's.
  const byDeclaredEmail = new Map<string, Hit[]>();
  const byDeclaredOrg = new Map<string, Hit[]>();
  papers.forEach((p, paper) => {
    for (const d of p.declared) {
      const hit = paper * AUTHORS + d.index + 1;
      if (d.email) push(byDeclaredEmail, d.email, hit);
      if (d.org) push(byDeclaredOrg, d.org, hit);
    }
    push(bySubmitter, p.submitterUserId, paper);
    if (p.submitterEmail) push(bySubmitter, `e:${p.submitterEmail}`, paper);
    for (const a of p.authors) {
      const hit = paper * AUTHORS + a.index + 1;
      for (const key of a.keys) push(byKey, key, hit);
      if (a.org) push(byOrg, a.org, hit);
      if (a.domain) push(byDomain, a.domain, hit);
    }
  });
  return { bySubmitter, byKey, byOrg, byDomain, byDeclaredEmail, byDeclaredOrg };
}

export function conflictPairs(people: Array<Person & { reviewerId: number }>, papers: PaperPeople[]): ConflictPair[] {
  const prepare = preparer();
  const all = papers.map(prepare.paper);
  const index = indexPapers(all);
  const pairs: ConflictPair[] = [];
  for (const person of people) {
    const me = prepare.person(person);
    // Per paper, the best (reason, author) so far: lower scores are stronger.
    const best = new Map<number, { score: number; reason: ConflictReason; author: number }>();
    const offer = (hit: Hit, reason: ConflictReason) => {
      const paper = Math.floor(hit / AUTHORS);
      const author = (hit % AUTHORS) - 1;
      const score = CONFLICT_REASONS.indexOf(reason) * AUTHORS + author;
      const old = best.get(paper);
      if (!old || score < old.score) best.set(paper, { score, reason, author });
    };
    const submitted = [
      ...(me.userId !== null ? (index.bySubmitter.get(me.userId) ?? []) : []),
      ...(me.email ? (index.bySubmitter.get(`e:${me.email}`) ?? []) : []),
    ];
    for (const paper of submitted) offer(paper * AUTHORS, 'samePerson');
    const authored = new Set<number>();
    for (const key of me.keys)
      for (const hit of index.byKey.get(key) ?? []) {
        offer(hit, 'samePerson');
        authored.add(Math.floor(hit / AUTHORS));
      }
    for (const hit of (me.email && index.byDeclaredEmail.get(me.email)) || []) offer(hit, 'authorDeclared');
    for (const hit of (me.org && index.byDeclaredOrg.get(me.org)) || []) offer(hit, 'authorDeclared');
    const coKeys = new Set<string>();
    for (const paper of authored)
      for (const a of all[paper].authors) if (!sharesKey(a.keys, me.keys)) a.keys.forEach((k) => coKeys.add(k));
    for (const key of coKeys) for (const hit of index.byKey.get(key) ?? []) offer(hit, 'coAuthor');
    for (const hit of (me.org && index.byOrg.get(me.org)) || []) offer(hit, 'sameInstitution');
    for (const hit of (me.domain && index.byDomain.get(me.domain)) || []) offer(hit, 'sameDomain');

    const found = [...best].map(([paper, b]) => ({ paper: all[paper], ...b })).sort((x, y) => x.paper.id - y.paper.id);
    for (const { paper, reason, author } of found)
      pairs.push({
        reviewerId: person.reviewerId,
        paperId: paper.id,
        reason,
        detail: detailOf(paper, reason, author, me.domain),
      });
  }
  return pairs;
}

/** The same wording as conflictsOf: who or what the conflict is about. */
function detailOf(paper: Paper, reason: ConflictReason, author: number, domain: string | null): string {
  if (author < 0) return paper.submitterEmail;
  if (reason === 'authorDeclared') return paper.declared[author].display;
  if (reason === 'sameInstitution') return paper.authors[author].company;
  return reason === 'sameDomain' ? domain! : paper.authors[author].display;
}
