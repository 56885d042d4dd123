import crypto from 'node:crypto';

/**
 * A bounded map from a render's whole input (hashed) to its output, least recently used out
 * first, by count and by size. The key is everything the output depends on, so an entry can
 * only be given back for the very input it was made from: nothing to drop when data changes
 * (new data is a new key), and no person's output can reach a request with other input.
 */
export class RenderMemo<V extends string | { body: string }> {
  private readonly entries = new Map<string, V>();
  private chars = 0;
  hits = 0;
  misses = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxChars: number,
  ) {}

  static key(...parts: string[]): string {
    const hash = crypto.createHash('sha1');
    for (const part of parts) hash.update(part).update('\u0000');
    return hash.digest('base64url');
  }

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) {
      this.misses++;
      return undefined;
    }
    // Re-inserted: a Map iterates in insertion order, so the first key is the least recently used.
    this.entries.delete(key);
    this.entries.set(key, value);
    this.hits++;
    return value;
  }

  set(key: string, value: V): void {
    const size = sizeOf(value);
    if (size > this.maxChars / 16) return; // one huge render must not flush everything else
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.chars -= sizeOf(old);
      this.entries.delete(key);
    }
    while (this.entries.size >= this.maxEntries || (this.entries.size > 0 && this.chars + size > this.maxChars)) {
      const oldest = this.entries.keys().next().value as string;
      this.chars -= sizeOf(this.entries.get(oldest)!);
      this.entries.delete(oldest);
    }
    this.entries.set(key, value);
    this.chars += size;
  }

  size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
    this.chars = 0;
  }
}

function sizeOf(value: string | { body: string }): number {
  return typeof value === 'string' ? value.length : value.body.length;
}
