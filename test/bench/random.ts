/** mulberry32, seeded per document from (seed, index): document `i` is the same whatever else is generated. */
export class Random {
  private state: number;

  constructor(seed: number, index: number) {
    this.state = (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index + 1, 0xc2b2ae35)) >>> 0;
    for (let i = 0; i < 3; i++) this.next();
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(list: readonly T[]): T {
    const value = list[this.int(list.length)];
    if (value === undefined) throw new Error('pick from an empty list');
    return value;
  }

  some<T>(list: readonly T[], min: number, max: number): T[] {
    const count = Math.min(list.length, min + this.int(max - min + 1));
    const pool = [...list];
    const out: T[] = [];
    while (out.length < count) out.push(pool.splice(this.int(pool.length), 1)[0] as T);
    return out;
  }
}

/** FNV-1a over a string's UTF-16 code units, chained from `hash`: a corpus fingerprint, not a security hash. */
export function fnv1a(hash: number, text: string): number {
  let h = hash;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
