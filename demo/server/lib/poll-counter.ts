/**
 * How many times each user polled `/services/poll`, so the saving of one poller per browser
 * (README, "Many tabs, one user") can be seen: `GET /__demo/polls` reads it, `DELETE` starts over.
 * Kept in memory: it is a measurement of this server process, not data.
 */
export class PollCounter {
  private counts = new Map<string, number>();
  private since = Date.now();

  record(user: string): void {
    this.counts.set(user, (this.counts.get(user) ?? 0) + 1);
  }

  /** Each user's polls since the last reset, and when that was (ms since the epoch). */
  read(): { since: number; polls: Record<string, number> } {
    return { since: this.since, polls: Object.fromEntries(this.counts) };
  }

  reset(): void {
    this.counts.clear();
    this.since = Date.now();
  }
}
