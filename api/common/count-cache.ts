import type { Model, ModelStatic } from 'sequelize';

/**
 * Totals of list requests, remembered for a few seconds per model and filter. Counting 85k index
 * entries costs ~12 ms on every full page (docs/benchmarks.md) while people page through the same
 * filter; any write to the model through Sequelize (in this process) forgets its totals at once —
 * after commit when inside a transaction — and other processes' writes show within the TTL.
 */
export class CountCache {
  private readonly entries = new Map<string, { total: number; expires: number; version: number }>();
  private readonly versions = new Map<string, number>();
  private readonly watched = new Set<string>();

  constructor(
    private ttlMs: number,
    private readonly maxEntries = 5000,
  ) {}

  /** Sets the time a total is trusted (0 counts every time). */
  configure(ttlSeconds: number): void {
    this.ttlMs = ttlSeconds * 1000;
    this.entries.clear();
  }

  /** The cached total for a model and filter key, or the counted one (then cached). */
  async total(model: ModelStatic<Model>, key: string, count: () => Promise<number>): Promise<number> {
    if (this.ttlMs <= 0) return count();
    this.watch(model);
    const name = model.name;
    const full = `${name}|${key}`;
    const now = Date.now();
    const version = this.versions.get(name) ?? 0;
    const hit = this.entries.get(full);
    if (hit && hit.expires > now && hit.version === version) return hit.total;
    const total = await count();
    if ((this.versions.get(name) ?? 0) === version) {
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      this.entries.set(full, { total, expires: now + this.ttlMs, version });
    }
    return total;
  }

  private bump(name: string): void {
    this.versions.set(name, (this.versions.get(name) ?? 0) + 1);
  }

  private watch(model: ModelStatic<Model>): void {
    if (this.watched.has(model.name)) return;
    this.watched.add(model.name);
    const name = model.name;
    const onWrite = (_a: unknown, b?: unknown) => {
      this.bump(name);
      // Inside a transaction the new rows become visible at commit: forget again then.
      const options = (b ?? _a) as { transaction?: { afterCommit(fn: () => void): void } } | undefined;
      options?.transaction?.afterCommit(() => this.bump(name));
    };
    for (const hook of [
      'afterCreate',
      'afterUpdate',
      'afterDestroy',
      'afterUpsert',
      'afterBulkCreate',
      'afterBulkUpdate',
      'afterBulkDestroy',
      'afterRestore',
      'afterBulkRestore',
    ] as const) {
      model.addHook(hook as 'afterCreate', `countCache-${hook}`, onWrite as never);
    }
  }
}

/** A stable text key of a where clause, operators (symbols) included. */
export function whereKey(value: unknown): string {
  if (value instanceof Date) return `D${value.toISOString()}`;
  if (Array.isArray(value)) return `[${value.map(whereKey).join(',')}]`;
  if (value && typeof value === 'object') {
    const o = value as Record<string | symbol, unknown>;
    const keys = [...Object.keys(o).sort(), ...Object.getOwnPropertySymbols(o).sort((a, b) => String(a).localeCompare(String(b)))];
    return `{${keys.map((k) => `${String(k)}:${whereKey(o[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'u';
}

/** The process-wide cache; createApp sets its TTL from LIST_COUNT_CACHE_SECONDS (0 turns it off). */
export const countCache = new CountCache(15_000);
