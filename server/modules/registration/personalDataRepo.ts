/**
 * The queries of the registration feature's part of a person's own data (personalData.ts). They
 * go by person, across conferences, unlike repo.ts's; ids come back as numbers.
 */
import type { Db, Tx } from '../../db/index';
import { toDbInstant } from '../../db/dialect';
import { ERASED_DOMAIN } from '../../platform/personalData';
import { cleanRegistrant, type RegistrantRow, type StoredRegistrantRow } from './repo';

type Conn = Db | Tx;

/** Every registration of the person, in any conference, oldest first. */
export async function registrationsOfUser(db: Conn, userId: number): Promise<RegistrantRow[]> {
  const rows: StoredRegistrantRow[] = await db('registrants').where({ user_id: userId }).orderBy('id');
  return rows.map((r) => ({
    ...cleanRegistrant(r),
    id: Number(r.id),
    conference_id: Number(r.conference_id),
    user_id: Number(r.user_id),
  }));
}

/** The files a registration holds, by form field. */
export async function fileLinksOf(
  db: Conn,
  conferenceId: number,
  registrantId: number,
): Promise<Array<{ file_id: number; field: string }>> {
  const rows: Array<{ file_id: number; field: string }> = await db('registrant_files')
    .where({ conference_id: conferenceId, registrant_id: registrantId })
    .select('file_id', 'field');
  return rows.map((r) => ({ file_id: Number(r.file_id), field: r.field }));
}

/** Deletes the person's download tokens, in every conference. */
export async function deleteDownloadTokensOf(tx: Tx, userId: number): Promise<void> {
  await tx('download_tokens').where({ user_id: userId }).del();
}

/** Up to `limit` of the person's registrations not yet erased, oldest first. */
export async function unerasedRegistrationsOf(
  tx: Tx,
  userId: number,
  limit: number,
): Promise<Array<{ id: number; conference_id: number }>> {
  const rows: Array<{ id: number; conference_id: number }> = await tx('registrants')
    .where({ user_id: userId })
    .whereNot('email', 'like', `%@${ERASED_DOMAIN}`)
    .orderBy('id')
    .limit(limit)
    .select('id', 'conference_id');
  return rows.map((r) => ({ id: Number(r.id), conference_id: Number(r.conference_id) }));
}

/** The ids of the files a registration holds. */
export async function fileIdsOf(tx: Tx, conferenceId: number, registrantId: number): Promise<number[]> {
  return (
    await tx('registrant_files').where({ conference_id: conferenceId, registrant_id: registrantId }).pluck('file_id')
  ).map(Number);
}

export async function unlinkFilesOf(tx: Tx, conferenceId: number, registrantId: number): Promise<void> {
  await tx('registrant_files').where({ conference_id: conferenceId, registrant_id: registrantId }).del();
}

/** Empties a registration's answers, names and contacts; `email` replaces its address. */
export async function blankRegistration(
  tx: Tx,
  conferenceId: number,
  registrantId: number,
  email: string,
): Promise<void> {
  await tx('registrants').where({ conference_id: conferenceId, id: registrantId }).update({
    email,
    full_name: '',
    first_name: '',
    middle_name: '',
    last_name: '',
    phone: '',
    country: '',
    unit: '',
    answers: '{}',
    updated_at: toDbInstant(),
  });
}
