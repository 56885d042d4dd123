/**
 * Registrants as the check-in desk finds them (issue 33): by the registration code a badge's QR
 * carries, by a name or e-mail typed at the desk, by id; and how many there are. Narrow reads of
 * this feature's table for the checkin feature, which reaches them through registration's front door.
 */
import type { Db, Tx } from '../../db/index';
import { toDbInstant } from '../../db/dialect';
import { displayName } from '../../contract/registrationRules';
import * as repo from './repo';

/** What the desk shows about a registrant besides payment and hotel (which other features answer). */
export type DeskRegistrant = {
  id: number;
  userId: number;
  code: string;
  name: string;
  unit: string;
  email: string;
  country: string;
  version: string;
  registeredAt: string;
};

function deskOf(row: repo.RegistrantRow): DeskRegistrant {
  return {
    id: row.id,
    userId: row.user_id,
    code: row.code,
    name:
      displayName({
        fullName: row.full_name,
        firstName: row.first_name,
        middleName: row.middle_name,
        lastName: row.last_name,
        userName: '',
      }) || row.email,
    unit: row.unit,
    email: row.email,
    country: row.country,
    version: row.version,
    // the stored text, as the desk has always received it
    registeredAt: toDbInstant(row.created_at),
  };
}

/** The registrant whose code this is (what a badge's or ticket's QR encodes), case and spaces aside. */
export async function registrantByCode(
  db: Db | Tx,
  conferenceId: number,
  code: string,
): Promise<DeskRegistrant | null> {
  const row = await repo.registrantWithCode(db, conferenceId, code.trim());
  if (row) return deskOf(row);
  // A code typed by hand in the other case (codes are letters and digits).
  const loose = await repo.registrantWithCodeAnyCase(db, conferenceId, code.trim());
  return loose ? deskOf(loose) : null;
}

/** Registrants whose name, code, organisation or e-mail contains the text (the desk's search), at most `limit`. */
export async function registrantsMatching(
  db: Db,
  conferenceId: number,
  text: string,
  limit = 10,
): Promise<DeskRegistrant[]> {
  const byName = await repo.queryRegistrants(db, conferenceId, { name: text, page: 1, size: limit });
  const rows = byName.rows.length
    ? byName.rows
    : (await repo.queryRegistrants(db, conferenceId, { email: text, page: 1, size: limit })).rows;
  return rows.map(deskOf);
}

export async function registrantForDesk(db: Db | Tx, conferenceId: number, id: number): Promise<DeskRegistrant | null> {
  const row = await repo.findRegistrant(db, conferenceId, id);
  return row ? deskOf(row) : null;
}

/** Registrants by id (the attendance export), in no particular order; other conferences' ids are skipped. */
export async function registrantsForDesk(db: Db | Tx, conferenceId: number, ids: number[]): Promise<DeskRegistrant[]> {
  const out: DeskRegistrant[] = [];
  // In slices: an IN list of thousands is refused by some drivers.
  for (let i = 0; i < ids.length; i += 500)
    out.push(...(await repo.registrantsByIds(db, conferenceId, ids.slice(i, i + 500))).map(deskOf));
  return out;
}

export function registrantCount(db: Db | Tx, conferenceId: number): Promise<number> {
  return repo.countRegistrants(db, conferenceId);
}
