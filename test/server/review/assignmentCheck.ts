/**
 * An independent checker of `assignReviewers`: it re-derives the rules from the input alone (no
 * code shared with the module) and returns every violation as a sentence, so a failing random
 * instance says what went wrong.
 */
import { type AssignInput, type AssignResult, type Shortfall } from '../../../server/modules/review/assignment/types';

export function violations(input: AssignInput, result: AssignResult): string[] {
  const out: string[] = [];
  const reviewer = new Map(input.reviewers.map((r) => [r.id, r]));
  const conflict = new Set(input.conflicts.map(([r, p]) => `${p}:${r}`));
  const final = new Map(result.assignments.map((a) => [a.paperId, a.reviewerIds]));
  const added = new Set(result.added.map(([p, r]) => `${p}:${r}`));
  const load = new Map(result.loads.map((l) => [l.reviewerId, l.load]));
  const sessionOf = (id: number) => reviewer.get(id)?.sessions ?? [];
  const frozen = (p: AssignInput['papers'][number]) => new Set(p.current.map((c) => c.reviewerId)).size > input.k;
  // The same derivation as the module's contract, written again: fixed, movable, need, room.
  const fixedOf = (p: AssignInput['papers'][number]) =>
    new Set(p.current.filter((c) => c.started || input.keepCurrent || frozen(p)).map((c) => c.reviewerId));
  const fixedCount = new Map<number, number>();
  for (const p of input.papers) for (const id of fixedOf(p)) fixedCount.set(id, (fixedCount.get(id) ?? 0) + 1);
  const room = (id: number) => {
    const r = reviewer.get(id)!;
    return r.maxLoad === null ? Infinity : Math.max(0, r.maxLoad - r.otherLoad - (fixedCount.get(id) ?? 0));
  };

  for (const paper of input.papers) {
    const ids = final.get(paper.id) ?? [];
    const was = new Set(paper.current.map((c) => c.reviewerId));
    if (new Set(ids).size !== ids.length) out.push(`paper ${paper.id}: duplicate reviewer`);
    for (const id of ids) {
      if (conflict.has(`${paper.id}:${id}`)) out.push(`paper ${paper.id}: conflicted reviewer ${id}`);
      if (!was.has(id) && !sessionOf(id).includes(paper.sessionId))
        out.push(`paper ${paper.id}: reviewer ${id} not of its session`);
      if (!was.has(id) !== added.has(`${paper.id}:${id}`))
        out.push(`paper ${paper.id}: reviewer ${id} new but not in added, or the reverse`);
    }
    for (const id of fixedOf(paper))
      if (!ids.includes(id)) out.push(`paper ${paper.id}: fixed review of ${id} dropped`);
    for (const id of was) {
      if (ids.includes(id) === result.removed.some(([p, r]) => p === paper.id && r === id))
        out.push(`paper ${paper.id}: removed wrong for ${id}`);
    }
    if (frozen(paper) && ids.length !== was.size) out.push(`paper ${paper.id}: more than K current, yet changed`);
  }
  for (const r of input.reviewers) {
    const count = result.assignments.filter((a) => a.reviewerIds.includes(r.id)).length;
    if (load.get(r.id) !== r.otherLoad + count)
      out.push(`reviewer ${r.id}: load ${load.get(r.id)} ≠ ${r.otherLoad + count}`);
    const gained = result.added.some(([, id]) => id === r.id);
    if (gained && r.maxLoad !== null && load.get(r.id)! > r.maxLoad) out.push(`reviewer ${r.id}: over maxLoad`);
  }

  // Optimal fill: the places filled beyond the fixed reviews equal an Edmonds–Karp maximum flow.
  const open = input.papers.filter((p) => !frozen(p));
  const candidates = open.map((p) =>
    input.reviewers
      .filter((r) => r.sessions.includes(p.sessionId) && !conflict.has(`${p.id}:${r.id}`) && !fixedOf(p).has(r.id))
      .map((r) => r.id),
  );
  const needs = open.map((p) => Math.max(0, input.k - fixedOf(p).size));
  const best = maxFlow(needs, candidates, (id) => room(id));
  const filled = open.reduce((sum, p) => sum + (final.get(p.id)!.length - fixedOf(p).size), 0);
  if (filled !== best) out.push(`filled ${filled} places, max flow is ${best}`);

  const expected: Shortfall[] = [];
  for (const p of input.papers) {
    const n = final.get(p.id)!.length;
    if (n >= input.k) continue;
    const session = input.reviewers.filter((r) => r.sessions.includes(p.sessionId)).map((r) => r.id);
    const clean = session.filter((id) => !conflict.has(`${p.id}:${id}`));
    const fixed = [...fixedOf(p)];
    const reason =
      new Set([...fixed, ...session]).size < input.k
        ? 'noReviewers'
        : new Set([...fixed, ...clean]).size < input.k
          ? 'conflicts'
          : 'maxLoad';
    expected.push({ paperId: p.id, missing: input.k - n, reason });
  }
  if (JSON.stringify(expected.sort((a, b) => a.paperId - b.paperId)) !== JSON.stringify(result.shortfalls))
    out.push(`shortfalls ${JSON.stringify(result.shortfalls)} ≠ ${JSON.stringify(expected)}`);

  // Balance: no movable review on a loaded reviewer that a reviewer two lighter could take.
  for (const paper of open) {
    const ids = final.get(paper.id)!;
    const fixed = fixedOf(paper);
    for (const a of ids) {
      if (fixed.has(a)) continue;
      for (const b of input.reviewers) {
        if (load.get(b.id)! > load.get(a)! - 2 || !b.sessions.includes(paper.sessionId) || ids.includes(b.id)) continue;
        if (conflict.has(`${paper.id}:${b.id}`) || (b.maxLoad !== null && load.get(b.id)! + 1 > b.maxLoad)) continue;
        out.push(`paper ${paper.id}: could move from ${a} (load ${load.get(a)}) to ${b.id} (load ${load.get(b.id)})`);
      }
    }
  }
  return out;
}

/** Within each session, the most and least loaded reviewers: for the "spread ≤ 1" target. */
export function spreadBySession(input: AssignInput, result: AssignResult): Map<number, number> {
  const load = new Map(result.loads.map((l) => [l.reviewerId, l.load]));
  const spread = new Map<number, number>();
  for (const s of new Set(input.reviewers.flatMap((r) => r.sessions))) {
    const loads = input.reviewers.filter((r) => r.sessions.includes(s)).map((r) => load.get(r.id)!);
    spread.set(s, Math.max(...loads) - Math.min(...loads));
  }
  return spread;
}

/** Edmonds–Karp on source → paper (need) → reviewer (1) → sink (room): plain and slow on purpose. */
function maxFlow(needs: number[], candidates: number[][], room: (id: number) => number): number {
  const ids = [...new Set(candidates.flat())];
  const P = needs.length,
    S = P + ids.length,
    T = S + 1;
  const cap = new Map<string, number>();
  const adj: number[][] = Array.from({ length: T + 1 }, () => []);
  const arc = (u: number, v: number, c: number) => {
    cap.set(`${u}>${v}`, (cap.get(`${u}>${v}`) ?? 0) + c);
    if (!cap.has(`${v}>${u}`)) cap.set(`${v}>${u}`, 0);
    adj[u].push(v);
    adj[v].push(u);
  };
  needs.forEach((n, p) => arc(S, p, n));
  candidates.forEach((list, p) => list.forEach((id) => arc(p, P + ids.indexOf(id), 1)));
  ids.forEach((id, i) => arc(P + i, T, Math.min(room(id), P)));
  let total = 0;
  for (;;) {
    const prev = new Map<number, number>([[S, S]]);
    const queue = [S];
    while (queue.length > 0 && !prev.has(T)) {
      const u = queue.shift()!;
      for (const v of adj[u])
        if (!prev.has(v) && cap.get(`${u}>${v}`)! > 0) {
          prev.set(v, u);
          queue.push(v);
        }
    }
    if (!prev.has(T)) return total;
    for (let v = T; v !== S; v = prev.get(v)!) {
      const u = prev.get(v)!;
      cap.set(`${u}>${v}`, cap.get(`${u}>${v}`)! - 1);
      cap.set(`${v}>${u}`, cap.get(`${v}>${u}`)! + 1);
    }
    total++;
  }
}
