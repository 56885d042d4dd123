/**
 * The registration feature's part of a person's own data (platform/personalData.ts): their
 * registration in each conference (the form's answers and uploads). On erasure a registration
 * stays as a counted place (its number and code: the conference's figures and paid fees refer to
 * it) with every answer, name and contact gone and its files deleted. Queries by person, across
 * conferences, unlike repo.ts's.
 */
import type { Db } from '../../db/index';
import { fromDbInstant, parseJson, toDbInstant } from '../../db/dialect';
import { inTransaction } from '../../db/transaction';
import { ERASED_DOMAIN, erasedAddress, type PersonalDataPart, type PersonalFile } from '../../platform/personalData';
import { deleteFiles, filesByIds, type FilesService } from '../files/index';

const iso = (v: unknown) => (v instanceof Date ? v : fromDbInstant(v as string | null))?.toISOString() ?? null;

export function registrationPersonalData(db: Db, files: FilesService): PersonalDataPart {
  return {
    name: 'registration',
    export: async ({ userId }) => {
      const rows = await db('registrants').where({ user_id: userId }).orderBy('id');
      const out: PersonalFile[] = [];
      const data = [];
      for (const r of rows) {
        const cid = Number(r.conference_id);
        const links = (await db('registrant_files').where({ conference_id: cid, registrant_id: r.id }).select('file_id', 'field')) as Array<{ file_id: number; field: string }>;
        const info = await filesByIds(db, cid, links.map((l) => Number(l.file_id)));
        for (const f of info) out.push({ path: `${cid}-${f.id}-${f.originalName}`, read: () => files.read(cid, f.storedName) });
        data.push({
          conferenceId: cid,
          code: r.code,
          email: r.email,
          fullName: r.full_name,
          firstName: r.first_name,
          middleName: r.middle_name,
          lastName: r.last_name,
          phone: r.phone,
          country: r.country,
          unit: r.unit,
          answers: parseJson<unknown>(r.answers, {}),
          files: info.map((f) => ({ field: links.find((l) => Number(l.file_id) === f.id)?.field, name: f.originalName, size: f.size })),
          registeredAt: iso(r.created_at),
          updatedAt: iso(r.updated_at),
        });
      }
      return { data, files: out };
    },
    erase: async ({ userId }, limit, note) => {
      const removed: Array<{ cid: number; names: string[] }> = [];
      const changed = await inTransaction(db, async (tx) => {
        removed.length = 0;
        await tx('download_tokens').where({ user_id: userId }).del();
        const rows = (await tx('registrants').where({ user_id: userId }).whereNot('email', 'like', `%@${ERASED_DOMAIN}`).orderBy('id').limit(limit).select('id', 'conference_id')) as Array<{ id: number; conference_id: number }>;
        for (const r of rows) {
          const cid = Number(r.conference_id);
          const ids = (await tx('registrant_files').where({ conference_id: cid, registrant_id: r.id }).pluck('file_id')).map(Number);
          const info = await filesByIds(tx, cid, ids);
          await tx('registrant_files').where({ conference_id: cid, registrant_id: r.id }).del();
          await deleteFiles(tx, cid, ids);
          removed.push({ cid, names: info.map((f) => f.storedName) });
          await tx('registrants')
            .where({ conference_id: cid, id: r.id })
            .update({ email: erasedAddress('registrant', Number(r.id)), full_name: '', first_name: '', middle_name: '', last_name: '', phone: '', country: '', unit: '', answers: '{}', updated_at: toDbInstant() });
          await note(tx, cid);
        }
        return rows.length;
      });
      return { changed, after: async () => { for (const r of removed) if (r.names.length) await files.removeStored(r.cid, r.names); } };
    },
  };
}
