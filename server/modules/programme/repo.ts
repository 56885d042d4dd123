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
