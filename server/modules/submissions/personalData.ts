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
import { inTransaction } from '../../db/transaction';
import { erasedAddress, type PersonalDataPart, type PersonalFile } from '../../platform/personalData';
import { keptFilesNamed, type FilesService } from '../files/index';
import {
  authorEntriesOf,
  conferencesOfSubmitter,
  conflictsNaming,
  forgetActor,
  forgetAuthorEntry,
  manuscriptsOfPerson,
  replaceConflictAddress,
} from './personalRepo';

const iso = (v: Date) => v.toISOString();

/** What an erased author is called where a name is required (the book, the co-authors' forms). */
export const ERASED_AUTHOR = '—';

export function submissionsPersonalData(db: Db, files: FilesService): PersonalDataPart {
  return {
    name: 'submissions',
    export: async ({ userId, email }) => {
      const out: PersonalFile[] = [];
      const data = [];
      for (const { submission: s, authors } of await manuscriptsOfPerson(db, userId, email.toLowerCase())) {
        const cid = s.conference_id;
        const own = s.user_id === userId;
        // Their own manuscripts' files; of another's manuscript that names them, the text only.
        if (own) {
          const names = [s.abstract_file, s.full_text_file].filter((n) => n);
          for (const f of await keptFilesNamed(db, cid, names))
            out.push({ path: `${cid}-${s.number}-${f.originalName}`, read: () => files.read(cid, f.storedName) });
        }
        data.push({
          conferenceId: cid,
          number: s.number,
          submittedByYou: own,
          title: s.title,
          abstract: s.abstract,
          keywords: s.keywords,
          status: s.status,
          active: Boolean(s.active),
          language: s.lang,
          submittedAt: iso(s.submitted_at),
          updatedAt: iso(s.updated_at),
          authors: authors.map((a) => ({
            name: a.name,
            surname: a.surname,
            email: a.email,
            phone: a.phone,
            country: a.country,
            company: a.company,
            corresponding: Boolean(a.corresponding),
          })),
        });
      }
      return { data, files: out };
    },
    erase: async ({ userId, email }, limit, note) => {
      const changed = await inTransaction(db, async (tx) => {
        const address = email.toLowerCase();
        const authors = await authorEntriesOf(tx, address, limit);
        for (const a of authors) {
          await forgetAuthorEntry(tx, a.id, ERASED_AUTHOR, erasedAddress('author', a.id));
          await note(tx, a.conference_id);
        }
        const conflicts = await conflictsNaming(tx, address, limit);
        for (const c of conflicts) await replaceConflictAddress(tx, c.id, erasedAddress('conflict', c.id));
        const history = await forgetActor(tx, userId, limit);
        // Their own manuscripts stay; the conferences they are in are told of the erasure.
        for (const cid of await conferencesOfSubmitter(tx, userId)) await note(tx, cid, {});
        return authors.length + conflicts.length + history;
      });
      return { changed };
    },
  };
}
