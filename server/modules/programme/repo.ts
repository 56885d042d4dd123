/**
 * The programme's tables (migration 047). Every query takes the conference first. The working
 * programme's queries are the editor's (programme_rooms, programme_items, programme_settings);
 * the releases are read by every public view through `latestRelease`.
 */
import type { Db, Tx } from '../../db/index';
import { insertId, toDbInstant } from '../../db/dialect';
import type { ProgrammeChange, ReleasedProgramme } from '../../contract/programme';

type Conn = Db | Tx;

export type ReleaseRow = { id: number; conference_id: number; number: number; released_by: number; released_at: string | Date; note: string; changes: string; snapshot: string };

export type Release = { number: number; releasedBy: number; releasedAt: Date; note: string; changes: ProgrammeChange[]; programme: ReleasedProgramme };

function releaseOf(row: ReleaseRow): Release {
  return {
    number: Number(row.number),
    releasedBy: Number(row.released_by),
    releasedAt: new Date(row.released_at),
    note: row.note,
    changes: JSON.parse(row.changes) as ProgrammeChange[],
    programme: JSON.parse(row.snapshot) as ReleasedProgramme,
  };
}

/** The last release of a conference's programme, or undefined before the first. */
export async function latestRelease(db: Conn, conferenceId: number): Promise<Release | undefined> {
  const row = await db<ReleaseRow>('programme_releases').where({ conference_id: conferenceId }).orderBy('number', 'desc').first();
  return row ? releaseOf(row) : undefined;
}

/** Stores a release; the caller numbers it (the last number + 1) inside its transaction, and the unique key refuses a second release with the same number. */
export async function insertRelease(db: Conn, conferenceId: number, release: Release): Promise<number> {
  return insertId(db('programme_releases').insert({
    conference_id: conferenceId,
    number: release.number,
    released_by: release.releasedBy,
    released_at: toDbInstant(release.releasedAt),
    note: release.note,
    changes: JSON.stringify(release.changes),
    snapshot: JSON.stringify(release.programme),
  }));
}

// ── The public half: each person's agenda and the hash of their calendar feed's secret ──────────

type AgendaRow = { conference_id: number; user_id: number; item_uid: string; added_at: string | Date };

/** The uids a person marked in a conference, in the order they marked them. */
export async function agendaUids(db: Conn, conferenceId: number, userId: number): Promise<string[]> {
  const rows = await db<AgendaRow>('programme_agenda').where({ conference_id: conferenceId, user_id: userId }).orderBy('added_at').orderBy('item_uid').select('item_uid');
  return rows.map((r) => r.item_uid);
}

/** Marks an item (marking it twice is the same as once). */
export async function addToAgenda(db: Conn, conferenceId: number, userId: number, uid: string): Promise<void> {
  await db('programme_agenda').insert({ conference_id: conferenceId, user_id: userId, item_uid: uid, added_at: toDbInstant() }).onConflict(['conference_id', 'user_id', 'item_uid']).ignore();
}

export async function removeFromAgenda(db: Conn, conferenceId: number, userId: number, uid: string): Promise<void> {
  await db('programme_agenda').where({ conference_id: conferenceId, user_id: userId, item_uid: uid }).del();
}

type FeedRow = { conference_id: number; user_id: number; token_hash: string; created_at: string | Date };

/** Whose feed a secret's hash opens in this conference (the hash is unique across conferences). */
export async function feedByHash(db: Conn, conferenceId: number, tokenHash: string): Promise<{ userId: number; tokenHash: string } | undefined> {
  const row = await db<FeedRow>('programme_feeds').where({ conference_id: conferenceId, token_hash: tokenHash }).first();
  return row ? { userId: Number(row.user_id), tokenHash: row.token_hash } : undefined;
}

/** The person's one feed secret (by its hash): a new one replaces, and so revokes, the old. */
export async function replaceFeed(tx: Tx, conferenceId: number, userId: number, tokenHash: string): Promise<void> {
  await tx('programme_feeds').where({ conference_id: conferenceId, user_id: userId }).del();
  await tx('programme_feeds').insert({ conference_id: conferenceId, user_id: userId, token_hash: tokenHash, created_at: toDbInstant() });
}

export async function removeFeed(db: Conn, conferenceId: number, userId: number): Promise<number> {
  return db('programme_feeds').where({ conference_id: conferenceId, user_id: userId }).del();
}

export async function hasFeed(db: Conn, conferenceId: number, userId: number): Promise<boolean> {
  return Boolean(await db('programme_feeds').where({ conference_id: conferenceId, user_id: userId }).first('user_id'));
}

/** A person's own data (their export): every conference's agenda and feed rows, never the secret's hash. */
export async function personalRows(db: Conn, userId: number): Promise<{ agenda: AgendaRow[]; feeds: Array<Omit<FeedRow, 'token_hash'>> }> {
  const agenda = await db<AgendaRow>('programme_agenda').where({ user_id: userId }).orderBy('conference_id').orderBy('added_at');
  const feeds = await db<FeedRow>('programme_feeds').where({ user_id: userId }).orderBy('conference_id').select('conference_id', 'user_id', 'created_at');
  return { agenda, feeds };
}

/** Erases at most `limit` of a person's agenda and feed rows; answers the conferences touched and how many went. */
export async function erasePersonalRows(tx: Tx, userId: number, limit: number): Promise<{ changed: number; conferences: number[] }> {
  const feeds = await tx<FeedRow>('programme_feeds').where({ user_id: userId }).limit(limit).select('conference_id');
  const agenda = await tx<AgendaRow>('programme_agenda').where({ user_id: userId }).limit(Math.max(0, limit - feeds.length)).select('conference_id', 'item_uid');
  for (const f of feeds) await tx('programme_feeds').where({ conference_id: f.conference_id, user_id: userId }).del();
  for (const a of agenda) await tx('programme_agenda').where({ conference_id: a.conference_id, user_id: userId, item_uid: a.item_uid }).del();
  return { changed: feeds.length + agenda.length, conferences: [...new Set([...feeds, ...agenda].map((r) => Number(r.conference_id)))] };
}
