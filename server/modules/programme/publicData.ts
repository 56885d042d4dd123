/**
 * The last release as the public views use it, kept per conference: the snapshot parsed once,
 * its items by uid and by day, and what is built from it once per release (the calendar, the
 * JSON schedule, the printed programme). Dropped with the conference's caches — which the
 * 'programme.released' handler asks for (index.ts) — and never stored when a drop came while it
 * was read (the epoch), so a release is seen by the next request after its commit.
 */
import type { Db } from '../../db/index';
import type { InvalidationBus } from '../../platform/cache';
import { latestRelease } from './repo';
import { indexProgramme, type PublicProgramme } from './publicIndex';

export { clashesOf, indexProgramme, pick, type PublicProgramme } from './publicIndex';

export class PublicProgrammes {
  private readonly entries = new Map<number, PublicProgramme | null>();
  private readonly loading = new Map<number, Promise<PublicProgramme | null>>();
  private drops = 0;

  constructor(
    private readonly db: Db,
    bus: InvalidationBus,
  ) {
    bus.onDrop((conferenceId) => this.drop(conferenceId));
    const all = () => {
      this.drops++;
      this.entries.clear();
      this.loading.clear();
    };
    bus.onDropAll(all);
    bus.onNoticesMissed(all);
  }

  drop(conferenceId: number): void {
    this.drops++;
    this.entries.delete(conferenceId);
    this.loading.delete(conferenceId);
  }

  /** The conference's last release, indexed; null before the first. */
  async of(conferenceId: number): Promise<PublicProgramme | null> {
    if (this.entries.has(conferenceId)) return this.entries.get(conferenceId)!;
    let pending = this.loading.get(conferenceId);
    if (!pending) {
      const since = this.drops;
      pending = latestRelease(this.db, conferenceId).then(
        (release) => {
          const value = release ? indexProgramme(release) : null;
          if (since === this.drops) this.entries.set(conferenceId, value);
          this.loading.delete(conferenceId);
          return value;
        },
        (error: unknown) => {
          this.loading.delete(conferenceId);
          throw error;
        },
      );
      this.loading.set(conferenceId, pending);
    }
    return pending;
  }

  /** Something made once per release (a calendar, the PDF), shared by the requests that want it meanwhile. */
  built<T extends Buffer | string>(p: PublicProgramme, key: string, make: () => Promise<T> | T): Promise<T> {
    let value = p.built.get(key) as Promise<T> | undefined;
    if (!value) {
      value = Promise.resolve().then(make);
      p.built.set(key, value);
      value.catch(() => p.built.delete(key));
    }
    return value;
  }
}
