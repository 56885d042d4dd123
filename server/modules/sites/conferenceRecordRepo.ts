/**
 * The conference record (`conferences`), its module switches (`conference_modules`) and its
 * domains (`conference_domains`) as other features read and change them. The sites module is
 * their one writer (server/db/owners.ts): the site snapshot is built from them, so a change made
 * anywhere else would be a change the snapshot's cache never hears of.
 *
 * Writers take the caller's transaction, so that the change commits with the caller's own; the
 * caller then calls `SiteService.siteChanged(conferenceId)` once it has committed, which drops
 * the snapshot and the cached pages on every instance.
 */
import type { Db, Tx } from '../../db/index';
import { lockForUpdate, toDbInstant } from '../../db/dialect';
import { PLATFORM_TIME_ZONE } from '../../platform/localTime';

type Conn = Db | Tx;

/** The time zone a conference's dates are compared in (DESIGN.md 3). */
export const DEFAULT_TIME_ZONE = PLATFORM_TIME_ZONE;

export async function conferenceExists(db: Conn, conferenceId: number): Promise<boolean> {
  return Boolean(await db('conferences').where({ id: conferenceId }).first('id'));
}

export async function conferenceTimeZone(db: Conn, conferenceId: number): Promise<string> {
  const row = await db('conferences').where({ id: conferenceId }).first('time_zone');
  return row?.time_zone ?? DEFAULT_TIME_ZONE;
}

// ── the publication state (conferences/publication.ts decides, this writes) ──────────────

/** The conference row, locked until the transaction ends (MySQL; SQLite serialises writers). */
export async function lockConference(
  tx: Tx,
  conferenceId: number,
): Promise<{ id: number; status: string } | undefined> {
  const row = await lockForUpdate(tx, tx('conferences').where({ id: conferenceId }).select('id', 'status')).first();
  return row ? { id: row.id, status: String(row.status) } : undefined;
}

export async function conferenceStatus(db: Conn, conferenceId: number): Promise<string | null> {
  const row = await db('conferences').where({ id: conferenceId }).first('status');
  return row ? String(row.status) : null;
}

export async function setConferenceStatus(db: Conn, conferenceId: number, status: string): Promise<void> {
  await db('conferences').where({ id: conferenceId }).update({ status, updated_at: toDbInstant() });
}

/** The maintenance switch (spec 8 'Under Maintenance'). */
export async function setMaintenance(db: Conn, conferenceId: number, on: boolean): Promise<void> {
  await db('conferences').where({ id: conferenceId }).update({ maintenance: on, updated_at: toDbInstant() });
}

export async function maintenanceOf(db: Conn, conferenceId: number): Promise<boolean> {
  return Boolean((await db('conferences').where({ id: conferenceId }).first('maintenance'))?.maintenance);
}

// ── the registration switches (registration/settings.ts) ─────────────────────────────────

export type RegistrationSwitches = { registerFlag: boolean; registerNum: number; moduleOn: boolean; timeZone: string };

/** The cap's switch and number, the register module's switch and the time zone, read fresh (not from the snapshot). */
export async function registrationSwitches(db: Conn, conferenceId: number): Promise<RegistrationSwitches> {
  const [conference, module] = await Promise.all([
    db('conferences').where({ id: conferenceId }).first('register_flag', 'register_num', 'time_zone'),
    db('conference_modules').where({ conference_id: conferenceId, module: 'register' }).first('enabled'),
  ]);
  return {
    registerFlag: Boolean(conference?.register_flag),
    registerNum: Number(conference?.register_num ?? 0),
    // No row means the module was never switched off.
    moduleOn: module ? Boolean(module.enabled) : true,
    timeZone: conference?.time_zone ?? DEFAULT_TIME_ZONE,
  };
}

/** Writes the registration switches in the caller's transaction; the caller calls siteChanged after its commit. */
export async function saveRegistrationSwitches(
  tx: Tx,
  conferenceId: number,
  switches: Omit<RegistrationSwitches, 'timeZone'>,
): Promise<void> {
  await tx('conferences')
    .where({ id: conferenceId })
    .update({ register_flag: switches.registerFlag, register_num: switches.registerNum });
  await setModuleSwitch(tx, conferenceId, 'register', switches.moduleOn);
}

export async function setModuleSwitch(tx: Tx, conferenceId: number, module: string, enabled: boolean): Promise<void> {
  const key = { conference_id: conferenceId, module };
  const updated = await tx('conference_modules').where(key).update({ enabled });
  if (!updated) await tx('conference_modules').insert({ ...key, enabled });
}

// ── lookups across conferences (the platform's lists) ────────────────────────────────────

export async function slugTaken(db: Conn, slug: string): Promise<boolean> {
  return Boolean(await db('conferences').where({ slug }).first('id'));
}

export async function domainTaken(db: Conn, domain: string): Promise<boolean> {
  return Boolean(await db('conference_domains').where({ domain }).first('id'));
}

/** The conferences holding any of these domains (one entry per domain held). */
export async function holdersOfDomains(db: Conn, domains: string[]): Promise<number[]> {
  const rows = await db('conference_domains').whereIn('domain', domains).select('conference_id');
  return rows.map((r) => r.conference_id);
}

/** The conferences holding a domain under this one (one entry per domain held). */
export async function holdersOfDomainsUnder(db: Conn, domain: string): Promise<number[]> {
  const rows = await db('conference_domains').where('domain', 'like', `%.${domain}`).select('conference_id');
  return rows.map((r) => r.conference_id);
}

/** Each conference's primary domain (else its first), by conference id. */
export async function primaryDomains(db: Conn, conferenceIds: number[]): Promise<Map<number, string>> {
  if (conferenceIds.length === 0) return new Map();
  const rows = await db('conference_domains')
    .whereIn('conference_id', conferenceIds)
    .orderBy('is_primary', 'desc')
    .orderBy('id')
    .select('conference_id', 'domain');
  const out = new Map<number, string>();
  for (const r of rows) if (!out.has(r.conference_id)) out.set(r.conference_id, r.domain);
  return out;
}

export type ConferenceSummary = {
  id: number;
  status: string;
  conference_name_zh: string;
  conference_name_en: string;
  short_title_zh: string;
  short_title_en: string;
};

/** These conferences with their names (those with a website config), newest first. */
export async function conferenceSummaries(db: Conn, conferenceIds: number[]): Promise<ConferenceSummary[]> {
  if (conferenceIds.length === 0) return [];
  return db('conferences as c')
    .join('website_configs as w', 'w.conference_id', 'c.id')
    .whereIn('c.id', conferenceIds)
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .select('c.id', 'c.status', 'w.conference_name_zh', 'w.conference_name_en', 'w.short_title_zh', 'w.short_title_en');
}
