/**
 * The one seeded PRNG (mulberry32): the demo's dataset and history, generated test inputs and the IPC fuzzer's
 * payloads are the same on every machine and run. Nothing in the demo uses Math.random.
 */
export class Prng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [0, maxExclusive). */
  int(maxExclusive: number): number {
    return Math.floor(this.next() * maxExclusive);
  }

  /** An integer in [min, max], both included. */
  between(min: number, max: number): number {
    return min + this.int(max - min + 1);
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick() from an empty list');
    return items[this.int(items.length)] as T;
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  /** `count` distinct items, in list order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const chosen = new Set<number>();
    const want = Math.min(count, items.length);
    while (chosen.size < want) chosen.add(this.int(items.length));
    return [...chosen].sort((a, b) => a - b).map((i) => items[i] as T);
  }

  /** A v4-shaped UUID, as Unleash 6.x gives strategies. */
  uuid(): string {
    const hex = () => ((this.next() * 4294967296) >>> 0).toString(16).padStart(8, '0');
    const a = hex();
    const b = hex();
    const c = hex();
    const d = hex();
    return `${a}-${b.slice(0, 4)}-4${b.slice(5)}-${'89ab'[this.int(4)]}${c.slice(1, 4)}-${c.slice(4)}${d}`;
  }
}
