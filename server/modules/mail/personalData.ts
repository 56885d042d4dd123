/**
 * The mail feature's part of a person's own data (platform/personalData.ts): the mail log's
 * messages addressed to them (codes, confirmations, a conference's mail), in every conference and
 * on the platform. On erasure a message to them alone is deleted; from one to several people their
 * address is taken out of the list; and their e-mail and name are taken out of any message that
 * names them (a manager's notice of their registration). Queries by person, across conferences.
 */
import type { Db, Tx } from '../../db/index';
import { fromDbInstant } from '../../db/dialect';
import { inTransaction } from '../../db/transaction';
import type { DataSubject, PersonalDataPart } from '../../platform/personalData';

const iso = (v: unknown) => (v instanceof Date ? v : fromDbInstant(v as string | null))?.toISOString() ?? null;

/** What stands where a name or address was taken out of a message. */
export const ERASED_MARK = '[erased]';

const SEPARATOR = ', ';
/** A LIKE pattern for a literal text, with `!` as the escape on both dialects. */
const contains = (text: string) => `%${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type MailRow = { id: number; conference_id: number | null; to_address: string; bcc_address: string | null; subject: string; text_body: string; html_body: string | null; status: string; created_at: unknown; sent_at: unknown; kind: string | null };

/** The texts the person is found by in the log: their address always, their name when it is long enough to mean them. */
function needles({ email, name }: DataSubject): string[] {
  return [email.toLowerCase(), ...(name.trim().length >= 2 ? [name.trim()] : [])];
}

function matching(db: Db | Tx, subject: DataSubject) {
  const words = needles(subject);
  return db('mail_outbox').where((w) => {
    for (const word of words) for (const col of ['to_address', 'bcc_address', 'subject', 'text_body', 'html_body']) w.orWhereRaw('?? like ? escape ?', [col, contains(word), '!']);
  });
}

export function mailPersonalData(db: Db): PersonalDataPart {
  return {
    name: 'mail',
    export: async (subject) => {
      const email = subject.email.toLowerCase();
      const rows = (await db('mail_outbox').where((w) => w.whereRaw('?? like ? escape ?', ['to_address', contains(email), '!']).orWhereRaw('?? like ? escape ?', ['bcc_address', contains(email), '!'])).orderBy('id')) as MailRow[];
      // Only what was sent to them: a bulk message's other recipients are not theirs to read.
      return { data: rows.map((r) => ({ conferenceId: r.conference_id === null ? null : Number(r.conference_id), kind: r.kind, subject: r.subject, text: r.text_body, status: r.status, createdAt: iso(r.created_at), sentAt: iso(r.sent_at) })) };
    },
    erase: async (subject, limit, note) => {
      const email = subject.email.toLowerCase();
      const words = needles(subject).map((w) => new RegExp(escapeRegExp(w), 'gi'));
      const scrub = (text: string) => words.reduce((t, re) => t.replace(re, ERASED_MARK), text);
      const changed = await inTransaction(db, async (tx) => {
        const rows = (await matching(tx, subject).orderBy('id').limit(limit)) as MailRow[];
        let done = 0;
        for (const r of rows) {
          const to = r.to_address ? r.to_address.split(SEPARATOR).filter(Boolean) : [];
          const bcc = r.bcc_address ? r.bcc_address.split(SEPARATOR).filter(Boolean) : [];
          const others = (list: string[]) => list.filter((a) => a.toLowerCase() !== email);
          const restTo = others(to);
          const restBcc = others(bcc);
          if (r.conference_id !== null) await note(tx, Number(r.conference_id));
          if (!restTo.length && !restBcc.length) {
            await tx('mail_outbox').where({ id: r.id }).del();
            done++;
            continue;
          }
          const next = { to_address: scrub(restTo.join(SEPARATOR)), bcc_address: restBcc.length ? scrub(restBcc.join(SEPARATOR)) : null, subject: scrub(r.subject), text_body: scrub(r.text_body), html_body: r.html_body === null ? null : scrub(r.html_body) };
          // A row the database matched but nothing here could change (a collation that ignores
          // accents): not counted, so the part ends instead of selecting it again for ever.
          if (next.to_address === r.to_address && next.bcc_address === r.bcc_address && next.subject === r.subject && next.text_body === r.text_body && next.html_body === r.html_body) continue;
          await tx('mail_outbox').where({ id: r.id }).update(next);
          done++;
        }
        return done;
      });
      return { changed };
    },
  };
}
