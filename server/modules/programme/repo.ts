/**
 * The programme's tables (migration 047). Every query takes the conference first. The working
 * programme's queries are the editor's (programme_rooms, programme_items, programme_settings);
 * the releases are read by every public view through `latestRelease`.
 */
import type { Db, Tx } from '../../db/index';
import { fromDbInstant, insertId, lockForUpdate, toDbInstant } from '../../db/dialect';
import type { ProgrammeChange, ReleasedProgramme } from '../../contract/programme';

type Conn = Db | Tx;

export type ReleaseRow = {
  id: number;
  conference_id: number;
  number: number;
  released_by: number;
  released_at: string;
  note: string;
  changes: string;
  snapshot: string;
};

export type Release = {
  number: number;
  releasedBy: number;
  releasedAt: Date;
  note: string;
  changes: ProgrammeChange[];
  programme: ReleasedProgramme;
};

function releaseOf(row: ReleaseRow): Release {
  return {
    number: Number(row.number),
    releasedBy: Number(row.released_by),
    releasedAt: fromDbInstant(row.released_at)!,
    note: row.note,
    changes: JSON.parse(row.changes) as ProgrammeChange[],
    programme: JSON.parse(row.snapshot) as ReleasedProgramme,
  };
}

/** The last release of a conference's programme, or undefined before the first. */
export async function latestRelease(db: Conn, conferenceId: number): Promise<Release | undefined> {
  const row = await db<ReleaseRow>('programme_releases')
    .where({ conference_id: conferenceId })
    .orderBy('number', 'desc')
    .first();
  return row ? releaseOf(row) : undefined;
}

/** Stores a release; the caller numbers it (the last number + 1) inside its transaction, and the unique key refuses a second release with the same number. */
export async function insertRelease(db: Conn, conferenceId: number, release: Release): Promise<number> {
  return insertId(
    db('programme_releases').insert({
      conference_id: conferenceId,
      number: release.number,
      released_by: release.releasedBy,
      released_at: toDbInstant(release.releasedAt),
      note: release.note,
      changes: JSON.stringify(release.changes),
      snapshot: JSON.stringify(release.programme),
    }),
  );
}

/** The releases as managers list them, newest first, without their snapshots. */
export async function releaseList(db: Conn, conferenceId: number): Promise<Array<Omit<Release, 'programme'>>> {
  const rows: ReleaseRow[] = await db('programme_releases')
    .where({ conference_id: conferenceId })
    .orderBy('number', 'desc')
    .select('number', 'released_by', 'released_at', 'note', 'changes');
  return rows.map((r) => ({
    number: Number(r.number),
    releasedBy: Number(r.released_by),
    releasedAt: fromDbInstant(r.released_at)!,
    note: r.note,
    changes: JSON.parse(r.changes) as ProgrammeChange[],
  }));
}

// ─── The working programme (the editor's) ───

export type SettingsRow = {
  conference_id: number;
  day_start_minute: number;
  day_end_minute: number;
  slot_minutes: number;
  lengths: string | null;
  default_length: number;
  draft_revision: number;
  updated_at: string;
};

export async function settingsRow(db: Conn, conferenceId: number): Promise<SettingsRow | undefined> {
  return db<SettingsRow>('programme_settings').where({ conference_id: conferenceId }).first();
}

/**
 * The settings row, made with the defaults the first time, locked until the transaction ends
 * (MySQL; SQLite has one writer). Read first and inserted only when missing: an INSERT IGNORE of a
 * row that exists takes a shared lock on it, and two of those wanting it exclusively deadlock.
 */
export async function lockSettings(tx: Tx, conferenceId: number): Promise<SettingsRow> {
  const locked = async () =>
    (await lockForUpdate(tx, tx('programme_settings').where({ conference_id: conferenceId }))).at(0) as
      SettingsRow | undefined;
  const row = await locked();
  if (row) return row;
  await tx('programme_settings')
    .insert({ conference_id: conferenceId, updated_at: toDbInstant() })
    .onConflict('conference_id')
    .ignore();
  return (await locked())!;
}

export async function saveSettings(
  tx: Tx,
  conferenceId: number,
  values: Partial<Omit<SettingsRow, 'conference_id' | 'draft_revision'>>,
): Promise<void> {
  await lockSettings(tx, conferenceId);
  await tx('programme_settings')
    .where({ conference_id: conferenceId })
    .update({ ...values, updated_at: toDbInstant() });
}

/** The working programme changed: its revision rises (the settings row made when missing). */
export async function bumpDraft(tx: Tx, conferenceId: number): Promise<void> {
  const bump = () => tx('programme_settings').where({ conference_id: conferenceId }).increment('draft_revision', 1);
  if (!(await bump())) {
    await tx('programme_settings')
      .insert({ conference_id: conferenceId, updated_at: toDbInstant() })
      .onConflict('conference_id')
      .ignore();
    await bump();
  }
}

export type RoomRow = {
  id: number;
  conference_id: number;
  name_zh: string;
  name_en: string;
  capacity: number | null;
  position: number;
  created_at: string;
};

export async function roomRows(db: Conn, conferenceId: number): Promise<RoomRow[]> {
  return db<RoomRow>('programme_rooms').where({ conference_id: conferenceId }).orderBy(['position', 'id']);
}

export async function insertRoom(
  tx: Tx,
  conferenceId: number,
  room: { name_zh: string; name_en: string; capacity: number | null; position: number },
): Promise<number> {
  return insertId(tx('programme_rooms').insert({ conference_id: conferenceId, ...room, created_at: toDbInstant() }));
}

export async function updateRoom(
  tx: Tx,
  conferenceId: number,
  id: number,
  room: Partial<{ name_zh: string; name_en: string; capacity: number | null; position: number }>,
): Promise<number> {
  return tx('programme_rooms').where({ conference_id: conferenceId, id }).update(room);
}

export async function deleteRoom(tx: Tx, conferenceId: number, id: number): Promise<number> {
  return tx('programme_rooms').where({ conference_id: conferenceId, id }).delete();
}

export async function itemsInRoom(db: Conn, conferenceId: number, roomId: number): Promise<number> {
  const row = (await db('programme_items')
    .where({ conference_id: conferenceId, room_id: roomId })
    .whereNotNull('day')
    .count({ n: '*' })
    .first()) as { n: number | string } | undefined;
  return Number(row?.n ?? 0);
}

export type ItemRow = {
  id: number;
  conference_id: number;
  kind: string;
  day: string | null;
  start_minute: number | null;
  end_minute: number | null;
  room_id: number | null;
  parent_id: number | null;
  position: number;
  submission_id: number | null;
  session_id: number | null;
  title_zh: string;
  title_en: string;
  description_zh: string | null;
  description_en: string | null;
  speakers: string | null;
  chair: string | null;
  revision: number;
  updated_by: number | null;
  updated_at: string;
};
/** An item as the repository hands it out: when it was last saved as a `Date`. */
export type Item = Omit<ItemRow, 'updated_at'> & { updated_at: Date };

const itemOfRow = (row: ItemRow): Item => ({ ...row, updated_at: fromDbInstant(row.updated_at)! });

export type ItemValues = Partial<Omit<ItemRow, 'id' | 'conference_id' | 'revision' | 'updated_at'>>;

export async function itemRows(db: Conn, conferenceId: number): Promise<Item[]> {
  return (await db('programme_items').where({ conference_id: conferenceId }).orderBy('id')).map(itemOfRow);
}

export async function itemRow(db: Conn, conferenceId: number, id: number): Promise<Item | undefined> {
  const row = await db('programme_items').where({ conference_id: conferenceId, id }).first();
  return row && itemOfRow(row);
}

/** Whether an item of this id exists in any conference (a save naming another conference's item is answered 404, not as one deleted meanwhile). */
export async function itemExists(db: Conn, id: number): Promise<boolean> {
  return Boolean(await db('programme_items').where({ id }).first('id'));
}

export async function childRows(db: Conn, conferenceId: number, parentId: number): Promise<Item[]> {
  return (
    await db('programme_items').where({ conference_id: conferenceId, parent_id: parentId }).orderBy(['position', 'id'])
  ).map(itemOfRow);
}

export async function insertItem(
  tx: Tx,
  conferenceId: number,
  values: ItemValues & { kind: string },
  by: number,
): Promise<number> {
  return insertId(
    tx('programme_items').insert({
      conference_id: conferenceId,
      ...values,
      revision: 1,
      updated_by: by,
      updated_at: toDbInstant(),
    }),
  );
}

/** Saves an item if it is still at `revision` (one statement: no lock held between reading and writing); 0 when another save came first. */
export async function updateItemAt(
  tx: Tx,
  conferenceId: number,
  id: number,
  revision: number,
  values: ItemValues,
  by: number,
): Promise<number> {
  return tx('programme_items')
    .where({ conference_id: conferenceId, id, revision })
    .update({ ...values, revision: revision + 1, updated_by: by, updated_at: toDbInstant() });
}

/**
 * Moves these papers of a block by `shift` minutes into its day and room, in one statement (a
 * block's drop): each still in the block and placed; its revision rises like any save's.
 */
export async function shiftChildren(
  tx: Tx,
  conferenceId: number,
  parentId: number,
  ids: number[],
  to: { day: string | null; room_id: number | null; shift: number },
  by: number,
): Promise<number> {
  if (!ids.length) return 0;
  return tx('programme_items')
    .where({ conference_id: conferenceId, parent_id: parentId })
    .whereIn('id', ids)
    .whereNotNull('start_minute')
    .whereNotNull('end_minute')
    .update({
      day: to.day,
      room_id: to.room_id,
      start_minute: tx.raw('start_minute + ?', [to.shift]),
      end_minute: tx.raw('end_minute + ?', [to.shift]),
      revision: tx.raw('revision + 1'),
      updated_by: by,
      updated_at: toDbInstant(),
    });
}

export async function deleteItemAt(tx: Tx, conferenceId: number, id: number, revision: number): Promise<number> {
  return tx('programme_items').where({ conference_id: conferenceId, id, revision }).delete();
}

// ── The public half: each person's agenda and the hash of their calendar feed's secret ──────────

export type AgendaRow = { conference_id: number; user_id: number; item_uid: string; added_at: string };

/** The uids a person marked in a conference, in the order they marked them. */
export async function agendaUids(db: Conn, conferenceId: number, userId: number): Promise<string[]> {
  const rows = await db<AgendaRow>('programme_agenda')
    .where({ conference_id: conferenceId, user_id: userId })
    .orderBy('added_at')
    .orderBy('item_uid')
    .select('item_uid');
  return rows.map((r) => r.item_uid);
}

/** Marks an item (marking it twice is the same as once). */
export async function addToAgenda(db: Conn, conferenceId: number, userId: number, uid: string): Promise<void> {
  await db('programme_agenda')
    .insert({ conference_id: conferenceId, user_id: userId, item_uid: uid, added_at: toDbInstant() })
    .onConflict(['conference_id', 'user_id', 'item_uid'])
    .ignore();
}

export async function removeFromAgenda(db: Conn, conferenceId: number, userId: number, uid: string): Promise<void> {
  await db('programme_agenda').where({ conference_id: conferenceId, user_id: userId, item_uid: uid }).del();
}

export type FeedRow = { conference_id: number; user_id: number; token_hash: string; created_at: string };

/** Whose feed a secret's hash opens in this conference (the hash is unique across conferences). */
export async function feedByHash(
  db: Conn,
  conferenceId: number,
  tokenHash: string,
): Promise<{ userId: number; tokenHash: string } | undefined> {
  const row = await db<FeedRow>('programme_feeds')
    .where({ conference_id: conferenceId, token_hash: tokenHash })
    .first();
  return row ? { userId: Number(row.user_id), tokenHash: row.token_hash } : undefined;
}

/**
 * The person's one feed secret (by its hash): a new one replaces, and so revokes, the old. One
 * upsert: a delete then an insert lets two requests at once (MariaDB, no row to lock yet) both
 * insert, and the second fails on the key.
 */
export async function replaceFeed(db: Conn, conferenceId: number, userId: number, tokenHash: string): Promise<void> {
  await db('programme_feeds')
    .insert({ conference_id: conferenceId, user_id: userId, token_hash: tokenHash, created_at: toDbInstant() })
    .onConflict(['conference_id', 'user_id'])
    .merge(['token_hash', 'created_at']);
}

export async function removeFeed(db: Conn, conferenceId: number, userId: number): Promise<number> {
  return db('programme_feeds').where({ conference_id: conferenceId, user_id: userId }).del();
}

export async function hasFeed(db: Conn, conferenceId: number, userId: number): Promise<boolean> {
  return Boolean(await db('programme_feeds').where({ conference_id: conferenceId, user_id: userId }).first('user_id'));
}

/** A person's own data (their export): every conference's agenda and feed rows, never the secret's hash. */
export async function personalRows(
  db: Conn,
  userId: number,
): Promise<{
  agenda: Array<{ conference_id: number; item_uid: string; added_at: Date }>;
  feeds: Array<{ conference_id: number; created_at: Date }>;
}> {
  const agenda = await db('programme_agenda').where({ user_id: userId }).orderBy('conference_id').orderBy('added_at');
  const feeds = await db('programme_feeds')
    .where({ user_id: userId })
    .orderBy('conference_id')
    .select('conference_id', 'created_at');
  return {
    agenda: agenda.map((r) => ({
      conference_id: r.conference_id,
      item_uid: r.item_uid,
      added_at: fromDbInstant(r.added_at)!,
    })),
    feeds: feeds.map((r) => ({ conference_id: r.conference_id, created_at: fromDbInstant(r.created_at)! })),
  };
}

/** Erases at most `limit` of a person's agenda and feed rows; answers the conferences touched and how many went. */
export async function erasePersonalRows(
  tx: Tx,
  userId: number,
  limit: number,
): Promise<{ changed: number; conferences: number[] }> {
  const feeds = await tx<FeedRow>('programme_feeds').where({ user_id: userId }).limit(limit).select('conference_id');
  const agenda = await tx<AgendaRow>('programme_agenda')
    .where({ user_id: userId })
    .limit(Math.max(0, limit - feeds.length))
    .select('conference_id', 'item_uid');
  for (const f of feeds) await tx('programme_feeds').where({ conference_id: f.conference_id, user_id: userId }).del();
  for (const a of agenda)
    await tx('programme_agenda').where({ conference_id: a.conference_id, user_id: userId, item_uid: a.item_uid }).del();
  return {
    changed: feeds.length + agenda.length,
    conferences: [...new Set([...feeds, ...agenda].map((r) => Number(r.conference_id)))],
  };
}
