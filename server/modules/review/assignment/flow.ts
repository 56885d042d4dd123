/**
 * Min-cost max-flow on the paper → reviewer graph, with a convex cost per reviewer.
 *
 * Nodes: papers 0..P-1, reviewers P..P+R-1, then the source S and the sink T. S → paper carries
 * the paper's need; paper → reviewer is one candidate pair (capacity 1, a small cost: 0 to keep a
 * current pair, 1 for a new one); reviewer → T is one arc whose cost depends on its flow: the next
 * review of a reviewer at load L costs scale·(2L+1), so the total is scale·load² and the cheapest
 * flow spreads the load as evenly as the pairs allow. `scale` exceeds any sum of pair costs, so
 * balance always wins over keeping current pairs.
 *
 * Successive shortest paths with potentials (Dijkstra on reduced costs), but each Dijkstra is
 * followed by a Dinic blocking flow over the arcs of reduced cost 0, so that one shortest-path
 * computation serves every augmenting path of the same length: with many equal costs this takes
 * tens of phases instead of one per review. The Dinic search walks papers and pairs in the
 * (shuffled) order given, which is where the seeded randomness chooses between equal answers.
 */
import { MinHeap } from './heap';

export type FlowProblem = {
  need: Int32Array; // per paper: places to fill
  cap: Int32Array; // per reviewer: reviews this run may give them
  base: Float64Array; // per reviewer: load before this run's flow
  scale: number;
  pairPaper: Int32Array;
  pairReviewer: Int32Array;
  pairCost: Int32Array;
  paperPairs: Int32Array[]; // pair ids of each paper, in the order to try them
  reviewerPairs: Int32Array[];
  paperOrder: Int32Array; // the order in which the source tries papers
};

/** Returns 1 for every pair carrying flow. The flow is maximal, and of least cost among maximal flows. */
export function solveFlow(g: FlowProblem): Uint8Array {
  const P = g.need.length,
    R = g.cap.length,
    S = P + R,
    T = S + 1,
    N = T + 1;
  const flow = new Uint8Array(g.pairPaper.length);
  const used = new Int32Array(P); // flow on S → paper
  const got = new Int32Array(R); // flow on reviewer → T
  const pot = new Float64Array(N);
  const dist = new Float64Array(N);
  const level = new Int32Array(N);
  const iter = new Int32Array(N);
  const queue = new Int32Array(N);
  const heap = new MinHeap(N + g.pairPaper.length + P + R);
  const marginal = (r: number) => g.scale * (2 * (g.base[r] + got[r]) + 1);

  // Every residual arc the search may take from u, as (to, cost); the same walk serves Dijkstra,
  // the BFS and, unrolled by hand below, the Dinic search.
  const arcs = (u: number, visit: (v: number, cost: number) => void) => {
    if (u === S) {
      for (let i = 0; i < P; i++) if (used[g.paperOrder[i]] < g.need[g.paperOrder[i]]) visit(g.paperOrder[i], 0);
    } else if (u < P) {
      for (const e of g.paperPairs[u]) if (!flow[e]) visit(P + g.pairReviewer[e], g.pairCost[e]);
    } else if (u < S) {
      const r = u - P;
      if (got[r] < g.cap[r]) visit(T, marginal(r));
      for (const e of g.reviewerPairs[r]) if (flow[e]) visit(g.pairPaper[e], -g.pairCost[e]);
    }
  };

  const dijkstra = (): boolean => {
    dist.fill(Infinity);
    dist[S] = 0;
    heap.clear();
    heap.push(S, 0);
    while (heap.size > 0) {
      const [u, d] = heap.pop();
      if (d > dist[u]) continue;
      if (u === T) break; // nodes beyond T are capped at dist[T] below, which keeps costs reduced
      arcs(u, (v, cost) => {
        const nd = d + cost + pot[u] - pot[v];
        if (nd < dist[v]) {
          dist[v] = nd;
          heap.push(v, nd);
        }
      });
    }
    if (dist[T] === Infinity) return false;
    for (let v = 0; v < N; v++) pot[v] += Math.min(dist[v], dist[T]);
    return true;
  };

  const bfs = (): boolean => {
    level.fill(-1);
    level[S] = 0;
    let head = 0,
      tail = 0;
    queue[tail++] = S;
    while (head < tail) {
      const u = queue[head++];
      arcs(u, (v, cost) => {
        if (level[v] < 0 && cost + pot[u] - pot[v] === 0) {
          level[v] = level[u] + 1;
          queue[tail++] = v;
        }
      });
    }
    return level[T] >= 0;
  };

  const admissible = (u: number, v: number, cost: number) => level[v] === level[u] + 1 && cost + pot[u] - pot[v] === 0;

  // One unit along the level graph; current-arc pointers make dead ends cost nothing twice.
  const dfs = (u: number): boolean => {
    if (u === T) return true;
    if (u === S) {
      for (; iter[S] < P; iter[S]++) {
        const p = g.paperOrder[iter[S]];
        if (used[p] < g.need[p] && admissible(S, p, 0) && dfs(p)) {
          used[p]++;
          return true;
        }
      }
    } else if (u < P) {
      const pairs = g.paperPairs[u];
      for (; iter[u] < pairs.length; iter[u]++) {
        const e = pairs[iter[u]];
        if (!flow[e] && admissible(u, P + g.pairReviewer[e], g.pairCost[e]) && dfs(P + g.pairReviewer[e])) {
          flow[e] = 1;
          return true;
        }
      }
    } else {
      const r = u - P,
        pairs = g.reviewerPairs[r];
      if (iter[u] < 0) {
        iter[u] = 0; // the sink arc is tried once a round: after one unit its cost has gone up
        if (got[r] < g.cap[r] && admissible(u, T, marginal(r))) {
          got[r]++;
          return true;
        }
      }
      for (; iter[u] < pairs.length; iter[u]++) {
        const e = pairs[iter[u]];
        if (flow[e] && admissible(u, g.pairPaper[e], -g.pairCost[e]) && dfs(g.pairPaper[e])) {
          flow[e] = 0;
          return true;
        }
      }
    }
    return false;
  };

  while (dijkstra()) {
    while (bfs()) {
      iter.fill(0);
      iter.fill(-1, P, S);
      while (dfs(S));
    }
  }
  return flow;
}
