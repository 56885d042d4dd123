/**
 * The registration feature's part of a person's own data (platform/personalData.ts): their
 * registration in each conference (the form's answers and uploads). On erasure a registration
 * stays as a counted place (its number and code: the conference's figures and paid fees refer to
 * it) with every answer, name and contact gone and its files deleted. Queries by person, across
 * conferences, unlike repo.ts's.
 */
import type { Db } from '../../db/index';
import { parseJson } from '../../db/dialect';
import { inTransaction } from '../../db/transaction';
import { erasedAddress, type PersonalDataPart, type PersonalFile } from '../../platform/personalData';
import { deleteFiles, filesByIds, type FilesService } from '../files/index';
import {
  blankRegistration,
  deleteDownloadTokensOf,
  fileIdsOf,
  fileLinksOf,
  registrationsOfUser,
  unerasedRegistrationsOf,
  unlinkFilesOf,
} from './personalDataRepo';

const iso = (v: Date) => v.toISOString();

export function registrationPersonalData(db: Db, files: FilesService): PersonalDataPart {
  return {
    name: 'registration',
    export: async ({ userId }) => {
      const rows = await registrationsOfUser(db, userId);
      const out: PersonalFile[] = [];
      const data = [];
      for (const r of rows) {
        const cid = r.conference_id;
        const links = await fileLinksOf(db, cid, r.id);
        const info = await filesByIds(
          db,
          cid,
          links.map((l) => l.file_id),
        );
        for (const f of info)
          out.push({ path: `${cid}-${f.id}-${f.originalName}`, read: () => files.read(cid, f.storedName) });
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
          files: info.map((f) => ({
            field: links.find((l) => l.file_id === f.id)?.field,
            name: f.originalName,
            size: f.size,
          })),
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
        await deleteDownloadTokensOf(tx, userId);
        const rows = await unerasedRegistrationsOf(tx, userId, limit);
        for (const r of rows) {
          const cid = r.conference_id;
          const ids = await fileIdsOf(tx, cid, r.id);
          const info = await filesByIds(tx, cid, ids);
          await unlinkFilesOf(tx, cid, r.id);
          await deleteFiles(tx, cid, ids);
          removed.push({ cid, names: info.map((f) => f.storedName) });
          await blankRegistration(tx, cid, r.id, erasedAddress('registrant', r.id));
          await note(tx, cid);
        }
        return rows.length;
      });
      return {
        changed,
        after: async () => {
          for (const r of removed) if (r.names.length) await files.removeStored(r.cid, r.names);
        },
      };
    },
  };
}
