/**
 * The feedback feature's part of a person's own data (platform/personalData.ts): what they wrote
 * to each conference, the managers' replies and their attachments. On erasure their feedback is
 * deleted with its attachments: nothing requires it to be kept. Queries by person, across conferences.
 */
import type { Db } from '../../db/index';
import { fromDbInstant } from '../../db/dialect';
import { inTransaction } from '../../db/transaction';
import type { PersonalDataPart, PersonalFile } from '../../platform/personalData';
import { deleteFiles, filesByIds, type FilesService } from '../files/index';

const iso = (v: unknown) => (v instanceof Date ? v : fromDbInstant(v as string | null))?.toISOString() ?? null;

export function feedbackPersonalData(db: Db, files: FilesService): PersonalDataPart {
  return {
    name: 'feedback',
    export: async ({ userId, email }) => {
      const rows = await db('feedback').where({ user_id: userId }).orWhere({ email: email.toLowerCase() }).orderBy('id');
      const out: PersonalFile[] = [];
      for (const r of rows) {
        if (!r.attachment_file_id) continue;
        const cid = Number(r.conference_id);
        for (const f of await filesByIds(db, cid, [Number(r.attachment_file_id)])) out.push({ path: `${cid}-${f.id}-${f.originalName}`, read: () => files.read(cid, f.storedName) });
      }
      return {
        data: rows.map((r: Record<string, unknown>) => ({ conferenceId: Number(r.conference_id), title: r.title, name: r.name, email: r.email, phone: r.phone, type: r.type, content: r.content, reply: r.reply ?? null, repliedAt: iso(r.replied_at), createdAt: iso(r.created_at) })),
        files: out,
      };
    },
    erase: async ({ userId, email }, limit, note) => {
      const removed: Array<{ cid: number; name: string }> = [];
      const changed = await inTransaction(db, async (tx) => {
        removed.length = 0;
        const rows = (await tx('feedback').where({ user_id: userId }).orWhere({ email: email.toLowerCase() }).orderBy('id').limit(limit).select('id', 'conference_id', 'attachment_file_id')) as Array<{ id: number; conference_id: number; attachment_file_id: number | null }>;
        for (const r of rows) {
          const cid = Number(r.conference_id);
          await tx('feedback').where({ id: r.id }).del();
          if (r.attachment_file_id) {
            for (const f of await filesByIds(tx, cid, [Number(r.attachment_file_id)])) removed.push({ cid, name: f.storedName });
            await deleteFiles(tx, cid, [Number(r.attachment_file_id)]);
          }
          await note(tx, cid);
        }
        return rows.length;
      });
      return { changed, after: async () => { for (const r of removed) await files.removeStored(r.cid, [r.name]); } };
    },
  };
}
