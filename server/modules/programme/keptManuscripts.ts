/**
 * The manuscripts the editor shows and checks (accepted papers with their authors, session and
 * type), kept per conference in memory so that a drop does not read 600 papers and their 1,800
 * authors again (issue 34: a drop answers in ≤ 200 ms).
 *
 * A kept list is used only while it is still right:
 * - the manuscripts' fingerprint (count and latest `updated_at`, which every write of a manuscript,
 *   its status or its authors touches, on any instance) is read first on every use, then compared;
 * - the conference's caches dropped (an erasure, a site edit), a person's identity changed (an
 *   address decides who presents), or Redis lost: everything kept goes, on every instance (the bus);
 * - and it is never older than `MAX_AGE_MS`, for what touches neither (nothing known today).
 * A read that a drop overtook is not kept (the epoch). Releases never use it: what is published is
 * read from the tables in the release itself (service.ts).
 */
import type { Db } from '../../db/index';
import type { InvalidationBus } from '../../platform/cache';
import { programmeManuscripts, programmeManuscriptsStamp, type ProgrammeManuscript } from '../submissions/index';

const MAX_AGE_MS = 60_000;

/** `asked`: the ids asked for beside the accepted ones (one no longer in the conference is simply absent) */
type Kept = { stamp: string; at: number; byId: Map<number, ProgrammeManuscript>; asked: Set<number> };

export class KeptManuscripts {
  private readonly entries = new Map<number, Kept>();
  private drops = 0;

  constructor(
    private readonly db: Db,
    bus: InvalidationBus,
    private readonly now: () => number = Date.now,
  ) {
    bus.onDrop((conferenceId) => this.drop(conferenceId));
    bus.onDropAll(() => this.clear());
    bus.onNoticesMissed(() => this.clear());
    bus.onIdentityDrop(() => this.clear());
  }

  drop(conferenceId: number): void {
    this.drops++;
    this.entries.delete(conferenceId);
  }

  clear(): void {
    this.drops++;
    this.entries.clear();
  }

  /**
   * The accepted manuscripts of the conference and those of `alsoIds` whatever their status (the
   * papers placed), as `programmeManuscripts` answers them: from memory when nothing changed.
   */
  async of(conferenceId: number, alsoIds: number[]): Promise<ProgrammeManuscript[]> {
    const since = this.drops;
    // the fingerprint before the rows: a change committed between the two makes the next use reload
    const stamp = await programmeManuscriptsStamp(this.db, conferenceId);
    const kept = this.entries.get(conferenceId);
    if (
      kept &&
      kept.stamp === stamp &&
      this.now() - kept.at < MAX_AGE_MS &&
      alsoIds.every((id) => kept.asked.has(id) || kept.byId.has(id))
    )
      return [...kept.byId.values()];
    const at = this.now();
    const list = await programmeManuscripts(this.db, conferenceId, alsoIds);
    if (since === this.drops)
      this.entries.set(conferenceId, { stamp, at, byId: new Map(list.map((m) => [m.id, m])), asked: new Set(alsoIds) });
    return list;
  }
}
