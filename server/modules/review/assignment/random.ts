/**
 * A small seeded PRNG (mulberry32): the allocation must be random between equally good answers
 * yet repeat exactly for the same seed, which Math.random cannot do.
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fisher–Yates in place. */
export function shuffle<T extends { length: number; [i: number]: number }>(xs: T, random: () => number): T {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const x = xs[i];
    xs[i] = xs[j];
    xs[j] = x;
  }
  return xs;
}
