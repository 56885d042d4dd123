/**
 * The submissions feature's part of a person's own data (platform/personalData.ts): the
 * manuscripts they submitted (with their files) and those that name them as an author, in every
 * conference. On erasure the person's author entries lose their name and contacts everywhere; a
 * manuscript stays with its other authors, its text, files, reviews and history (it is their work
 * too, and the conference's record of what it reviewed: docs/privacy.md); the history forgets the
 * person's name as an actor, conflicts declared against their address forget it. Queries by
 * person, across conferences.
 */
import type { Db } from '../../db/index';
import { fromDbInstant } from '../../db/dialect';
import { inTransaction } from '../../db/transaction';
import { erasedAddress, type PersonalDataPart, type PersonalFile } from '../../platform/personalData';
import { keptFilesNamed, type FilesService } from '../files/index';

const iso = (v: unknown) => (v instanceof Date ? v : fromDbInstant(v as string | null))?.toISOString() ?? null;

/** What an erased author is called where a name is required (the book, the co-authors' forms). */
export const ERASED_AUTHOR = '—';

export function submissionsPersonalData(db: Db, files: FilesService): PersonalDataPart {
  return {
    name: 'submissions',
    export: async ({ userId, email }) => {
      const named = (await db('submission_authors').where({ email: email.toLowerCase() }).pluck('submission_id')).map(Number);
      const rows = await db('submissions').where({ user_id: userId }).orWhereIn('id', named.length ? named : [0]).orderBy('id');
      const ids = rows.map((r: { id: number }) => Number(r.id));
      const authors = ids.length ? await db('submission_authors').whereIn('submission_id', ids).orderBy(['submission_id', 'position']) : [];
      const out: PersonalFile[] = [];
      const data = [];
      for (const s of rows) {
        const cid = Number(s.conference_id);
        const own = Number(s.user_id) === userId;
        // Their own manuscripts' files; of another's manuscript that names them, the text only.
        if (own) {
          const names = [s.abstract_file, s.full_text_file].filter((n: string) => n);
          for (const f of await keptFilesNamed(db, cid, names)) out.push({ path: `${cid}-${s.number}-${f.originalName}`, read: () => files.read(cid, f.storedName) });
        }
        data.push({
          conferenceId: cid, number: s.number, submittedByYou: own, title: s.title, abstract: s.abstract, keywords: s.keywords, status: s.status, active: Boolean(s.active), language: s.lang, submittedAt: iso(s.submitted_at), updatedAt: iso(s.updated_at),
          authors: authors.filter((a: Record<string, unknown>) => Number(a.submission_id) === Number(s.id)).map((a: Record<string, unknown>) => ({ name: a.name, surname: a.surname, email: a.email, phone: a.phone, country: a.country, company: a.company, corresponding: Boolean(a.corresponding) })),
        });
      }
      return { data, files: out };
    },
    erase: async ({ userId, email }, limit, note) => {
      const changed = await inTransaction(db, async (tx) => {
        const address = email.toLowerCase();
        const authors = (await tx('submission_authors').where({ email: address }).orderBy('id').limit(limit).select('id', 'conference_id')) as Array<{ id: number; conference_id: number }>;
        for (const a of authors) {
          await tx('submission_authors').where({ id: a.id }).update({ name: ERASED_AUTHOR, surname: '', email: erasedAddress('author', Number(a.id)), phone: '', country: '', company: '' });
          await note(tx, Number(a.conference_id));
        }
        const conflicts = (await tx('submission_conflicts').where({ email: address }).orderBy('id').limit(limit).select('id', 'conference_id')) as Array<{ id: number; conference_id: number }>;
        for (const c of conflicts) await tx('submission_conflicts').where({ id: c.id }).update({ email: erasedAddress('conflict', Number(c.id)) });
        const history = (await tx('submission_history').where({ actor_id: userId }).whereNot({ actor: '' }).orderBy('id').limit(limit).select('id')) as Array<{ id: number }>;
        for (const h of history) await tx('submission_history').where({ id: h.id }).update({ actor: '' });
        // Their own manuscripts stay; the conferences they are in are told of the erasure.
        const own = (await tx('submissions').where({ user_id: userId }).distinct('conference_id')) as Array<{ conference_id: number }>;
        for (const s of own) await note(tx, Number(s.conference_id), {});
        return authors.length + conflicts.length + history.length;
      });
      return { changed };
    },
  };
}
