import { Messages } from '../../models/messages';
import { AppError } from './errors';

/**
 * A fixed-window request counter per key (route + client address), kept in this process. It caps
 * how fast one client can hit the public account calls (codes, reset links, sign-in); the per-account
 * lockout in the database is what holds across several processes.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one hit; throws 429 TOO_MANY_ATTEMPTS past the limit. */
  hit(key: string, now = Date.now()): void {
    const w = this.windows.get(key);
    if (!w || now - w.start >= this.windowMs) {
      if (this.windows.size > 50_000) this.sweep(now);
      this.windows.set(key, { start: now, count: 1 });
      return;
    }
    w.count += 1;
    if (w.count > this.max) throw new AppError(429, 'TOO_MANY_ATTEMPTS', Messages.TOO_MANY_ATTEMPTS);
  }

  private sweep(now: number): void {
    for (const [k, w] of this.windows) if (now - w.start >= this.windowMs) this.windows.delete(k);
  }
}
