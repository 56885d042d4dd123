/**
 * What the registration page (/conferenceRegister, /register) shows that is the same for
 * everyone: the window and instructions, and a version's form. Read on every view at a
 * registration opening, they change only when a manager saves them, so they are kept per
 * conference and dropped with the conference's other caches, on every instance: the repository's
 * writes tell platform/changes.ts, the window's switches and time zone are the site's (siteChanged).
 * Management screens read the database as it is.
 */
import type { Db } from '../../db/index';
import { ConferenceCache, type InvalidationBus } from '../../platform/cache';
import { deepFreeze } from '../../platform/freeze';
import type { FormRules } from '../../contract/registration';
import { loadRules } from './forms';
import { loadSettings, type Settings } from './settings';

/** The settings without the numbering, which moves with every registration and is not shown. */
export type PageSettings = Readonly<Omit<Settings, 'lastSeq'>>;

export class RegistrationPageState {
  /** per conference: "settings" and "rules:<version>" (bounded: junk versions only evict) */
  private readonly entries = new ConferenceCache<{ value: unknown }>(50);
  /** a value whose load began before a drop may be stale and is not kept */
  private drops = 0;

  constructor(
    private readonly db: Db,
    bus: InvalidationBus,
  ) {
    bus.onDrop((conferenceId) => {
      this.drops++;
      this.entries.dropConference(conferenceId);
    });
    bus.onNoticesMissed(() => {
      this.drops++;
      this.entries.clear();
    });
  }

  settings(conferenceId: number): Promise<PageSettings> {
    return this.remembered(conferenceId, 'settings', async () => {
      const { lastSeq: _lastSeq, ...settings } = await loadSettings(this.db, conferenceId);
      return settings;
    });
  }

  rules(conferenceId: number, version: string): Promise<Readonly<FormRules> | null> {
    return this.remembered(conferenceId, `rules:${version}`, () => loadRules(this.db, conferenceId, version));
  }

  private async remembered<T>(conferenceId: number, key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(conferenceId, key);
    if (hit) return hit.value as T;
    const epoch = this.drops;
    const value = deepFreeze(await load());
    if (epoch === this.drops) this.entries.set(conferenceId, key, { value });
    return value;
  }
}
