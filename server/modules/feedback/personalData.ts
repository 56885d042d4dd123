/**
 * The feedback feature's part of a person's own data (platform/personalData.ts): what they wrote
 * to each conference, the managers' replies and their attachments. On erasure their feedback is
 * deleted with its attachments: nothing requires it to be kept. Queries by person, across conferences.
 */
import type { Db } from '../../db/index';
import { inTransaction } from '../../db/transaction';
import type { PersonalDataPart, PersonalFile } from '../../platform/personalData';
import { deleteFiles, filesByIds, type FilesService } from '../files/index';
import { deleteFeedback, feedbackOfPerson, feedbackToErase } from './repo';

export function feedbackPersonalData(db: Db, files: FilesService): PersonalDataPart {
  return {
    name: 'feedback',
    export: async ({ userId, email }) => {
      const rows = await feedbackOfPerson(db, userId, email);
      const out: PersonalFile[] = [];
      for (const r of rows) {
        if (!r.attachment_file_id) continue;
        const cid = r.conference_id;
        for (const f of await filesByIds(db, cid, [r.attachment_file_id]))
          out.push({ path: `${cid}-${f.id}-${f.originalName}`, read: () => files.read(cid, f.storedName) });
      }
      return {
        data: rows.map((r) => ({
          conferenceId: r.conference_id,
          title: r.title,
          name: r.name,
          email: r.email,
          phone: r.phone,
          type: r.type,
          content: r.content,
          reply: r.reply ?? null,
          repliedAt: r.replied_at?.toISOString() ?? null,
          createdAt: r.created_at.toISOString(),
        })),
        files: out,
      };
    },
    erase: async ({ userId, email }, limit, note) => {
      const removed: Array<{ cid: number; name: string }> = [];
      const changed = await inTransaction(db, async (tx) => {
        removed.length = 0;
        const rows = await feedbackToErase(tx, userId, email, limit);
        for (const r of rows) {
          const cid = r.conference_id;
          await deleteFeedback(tx, cid, r.id);
          if (r.attachment_file_id) {
            for (const f of await filesByIds(tx, cid, [r.attachment_file_id]))
              removed.push({ cid, name: f.storedName });
            await deleteFiles(tx, cid, [r.attachment_file_id]);
          }
          await note(tx, cid);
        }
        return rows.length;
      });
      return {
        changed,
        after: async () => {
          for (const r of removed) await files.removeStored(r.cid, [r.name]);
        },
      };
    },
  };
}
