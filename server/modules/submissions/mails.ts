/**
 * The submissions' mail (spec 3 "Email config": the abstract-submission template, which managers
 * may edit), in the language the author used, to the author's account address, written to the
 * outbox inside the transaction that saved the manuscript.
 */
import type { Tx } from '../../db/index';
import { enqueueConferenceMail, type MailSite } from '../mail/index';
import { localTime } from '../../platform/localTime';
import { textIn } from '../../contract/bilingual';
import type { Lang } from '../../contract/enums';

/** Whom the mail goes to: the signed-in author. */
export type Recipient = { email: string; name: string; lang: Lang };

export async function submissionMail(
  tx: Tx,
  conferenceId: number,
  site: MailSite,
  person: Recipient,
  m: { number: string; title: string },
): Promise<void> {
  await enqueueConferenceMail(tx, conferenceId, 'abstractSubmission', person.lang, [person.email], {
    conferenceName: textIn(site.name, person.lang),
    name: person.name || person.email,
    email: person.email,
    siteUrl: site.url,
    submissionNumber: m.number,
    submissionTitle: m.title,
    submitTime: localTime(new Date(), site.timeZone),
  });
}
