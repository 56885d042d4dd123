/**
 * The mail feature's part of a person's own data (platform/personalData.ts): the mail log's
 * messages addressed to them (codes, confirmations, a conference's mail), in every conference and
 * on the platform. On erasure a message to them alone is deleted; from one to several people their
 * address is taken out of the list; and their e-mail and name are taken out of any message that
 * names them (a manager's notice of their registration). Queries by person, across conferences.
 */
import type { Db } from '../../db/index';
import { inTransaction } from '../../db/transaction';
import type { DataSubject, PersonalDataPart } from '../../platform/personalData';
import * as repo from './repo';

/** What stands where a name or address was taken out of a message. */
export const ERASED_MARK = '[erased]';

const SEPARATOR = ', ';
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The texts the person is found by in the log: their address always, their name when it is long enough to mean them. */
function needles({ email, name }: DataSubject): string[] {
  return [email.toLowerCase(), ...(name.trim().length >= 2 ? [name.trim()] : [])];
}

export function mailPersonalData(db: Db): PersonalDataPart {
  return {
    name: 'mail',
    export: async (subject) => {
      const email = subject.email.toLowerCase();
      const rows = await repo.mailAddressedTo(db, email);
      // Only what was sent to them: a bulk message's other recipients are not theirs to read.
      return {
        data: rows.map((r) => ({
          conferenceId: r.conference_id,
          kind: r.kind,
          subject: r.subject,
          text: r.text_body,
          status: r.status,
          createdAt: r.created_at.toISOString(),
          sentAt: r.sent_at?.toISOString() ?? null,
        })),
      };
    },
    erase: async (subject, limit, note) => {
      const email = subject.email.toLowerCase();
      const words = needles(subject).map((w) => new RegExp(escapeRegExp(w), 'gi'));
      const scrub = (text: string) => words.reduce((t, re) => t.replace(re, ERASED_MARK), text);
      const changed = await inTransaction(db, async (tx) => {
        const rows = await repo.mailMentioning(tx, needles(subject), limit);
        let done = 0;
        for (const r of rows) {
          const to = r.to_address ? r.to_address.split(SEPARATOR).filter(Boolean) : [];
          const bcc = r.bcc_address ? r.bcc_address.split(SEPARATOR).filter(Boolean) : [];
          const others = (list: string[]) => list.filter((a) => a.toLowerCase() !== email);
          const restTo = others(to);
          const restBcc = others(bcc);
          if (r.conference_id !== null) await note(tx, r.conference_id);
          if (!restTo.length && !restBcc.length) {
            await repo.deleteMail(tx, r.id);
            done++;
            continue;
          }
          const next = {
            to_address: scrub(restTo.join(SEPARATOR)),
            bcc_address: restBcc.length ? scrub(restBcc.join(SEPARATOR)) : null,
            subject: scrub(r.subject),
            text_body: scrub(r.text_body),
            html_body: r.html_body === null ? null : scrub(r.html_body),
          };
          // A row the database matched but nothing here could change (a collation that ignores
          // accents): not counted, so the part ends instead of selecting it again for ever.
          if (
            next.to_address === r.to_address &&
            next.bcc_address === r.bcc_address &&
            next.subject === r.subject &&
            next.text_body === r.text_body &&
            next.html_body === r.html_body
          )
            continue;
          await repo.rewriteMail(tx, r.id, next);
          done++;
        }
        return done;
      });
      return { changed };
    },
  };
}
