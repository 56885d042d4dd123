/**
 * Conflicts of interest for a whole conference (issue 16): the time of `conflictPairs` for 100
 * reviewers × 2,000 manuscripts × 5 authors drawn from 6,000 people of 400 institutions (half
 * typed in Chinese, a quarter with public mail). Pure: no server, no load.
 *
 *   npm run bench:conflicts
 */
import { conflictPairs } from '../../server/modules/review/conflicts/index';
import { prng } from '../server/submissions/bookFixtures';

const r = prng(42);
const int = (n: number) => Math.floor(r() * n);
const people = Array.from({ length: 6000 }, (_, i) => {
  const at = int(400);
  return {
    name: `Given${i}`,
    surname: `Family${int(50)}`,
    email: `p${i}@${int(4) ? `u${at}.edu.cn` : 'qq.com'}`,
    company: at % 2 ? `School of Engineering, University ${at}` : `第${at}大学计算机学院`,
  };
});
const papers = Array.from({ length: 2000 }, (_, id) => ({
  id,
  submitterUserId: 1000 + int(200),
  submitterEmail: `s${id}@example.org`,
  authors: Array.from({ length: 5 }, () => people[int(people.length)]),
}));
const reviewers = Array.from({ length: 100 }, (_, reviewerId) => {
  const p = people[int(people.length)];
  return { reviewerId, userId: reviewerId, email: p.email, name: `${p.name} ${p.surname}`, organisation: p.company };
});

const times: number[] = [];
let found = 0;
for (let i = 0; i < 5; i++) {
  const start = performance.now();
  found = conflictPairs(reviewers, papers).length;
  times.push(performance.now() - start);
}
const sorted = [...times].sort((a, b) => a - b);
console.log(
  `conflictPairs 100 reviewers × 2,000 manuscripts × 5 authors: median ${sorted[2].toFixed(1)} ms (runs: ${times.map((t) => t.toFixed(1)).join(', ')}), ${found} pairs`,
);
