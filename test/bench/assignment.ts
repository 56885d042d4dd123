/**
 * The one-click reviewer allocation (issue 16): 500 manuscripts × 100 reviewers × K=3, 5 sessions,
 * each reviewer in 1–2 of them, ~2% conflict pairs, a tenth of the reviewers with a maximum (the
 * issue's target: well under a second on the 2-core test machine). Pure function, no database:
 * the figure is the algorithm's own. One warm-up run, then the median of five.
 *
 *   npm run bench:assignment
 */
import { assignReviewers } from '../../server/modules/review/assignment/index';
import { benchShape, randomInstance } from '../server/review/assignmentFixtures';
import { spreadBySession } from '../server/review/assignmentCheck';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function main(): void {
  const input = randomInstance(2024, benchShape);
  console.log(
    `reviewer assignment: ${input.papers.length} papers × ${input.reviewers.length} reviewers × K=${input.k}, ` +
      `${input.conflicts.length} conflict pairs, ${input.reviewers.filter((r) => r.maxLoad !== null).length} with a maximum, node ${process.version}`,
  );
  assignReviewers(input);
  const times: number[] = [];
  let result = assignReviewers(input);
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    result = assignReviewers(input);
    times.push(performance.now() - t0);
  }
  console.log(`median ${median(times).toFixed(1)} ms (runs: ${times.map((t) => t.toFixed(1)).join(', ')})`);
  const load = new Map(result.loads.map((l) => [l.reviewerId, l.load]));
  for (const [session, spread] of [...spreadBySession(input, result)].sort((a, b) => a[0] - b[0])) {
    // Reviewers at their maximum may sit below the rest, so the spread is also given without them.
    const free = input.reviewers
      .filter((r) => r.sessions.includes(session) && (r.maxLoad === null || load.get(r.id)! < r.maxLoad))
      .map((r) => load.get(r.id)!);
    console.log(
      `session ${session}: spread ${spread} (reviewers below their maximum: ${Math.min(...free)}–${Math.max(...free)})`,
    );
  }
  console.log(`added ${result.added.length}, shortfalls ${result.shortfalls.length}`);
}

main();
