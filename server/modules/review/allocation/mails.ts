/**
 * The assign-abstract-review mail (spec 3 "Email config": assignAbstractReview), one per reviewer
 * and manuscript added, in the reviewer's language, written to the outbox inside the transaction
 * that saved the assignment. The link opens the review form (REVIEW_SCREENS.reviewForm) on the
 * conference's own site.
 */
import type { Tx } from '../../../db/index';
import { type AdmitPolicy, enqueueConferenceMail, type MailSite } from '../../mail/index';
import { REVIEW_SCREENS } from '../../../contract/review';
import { textIn } from '../../../contract/bilingual';
import type { Reviewer } from '../reviewers/people';

/**
 * Review mail goes only where the conference may mail (mail/gate.ts): while it is unpublished, to
 * people who have dealt with it themselves, and within its daily budget. Past that the decision or
 * the assignment still stands; the mail is withheld, not the work. Admitted before the transaction
 * that writes the mail, so the budget it takes does not roll back with it (given back on failure).
 */
export const REVIEW_MAIL_POLICY: AdmitPolicy = { unknown: 'withhold', budget: 'withhold' };

/** Whether an admission lets this address be mailed. */
export const admitted = (to: string[], email: string): boolean => to.includes(email.trim().toLowerCase());

export function reviewUrl(site: MailSite, submissionId: number): string {
  return `${site.url}${REVIEW_SCREENS.reviewForm}/${submissionId}`;
}

export async function assignMail(
  tx: Tx,
  conferenceId: number,
  site: MailSite,
  reviewer: Reviewer,
  paper: { id: number; number: string; title: string },
): Promise<void> {
  await enqueueConferenceMail(tx, conferenceId, 'assignAbstractReview', reviewer.lang, [reviewer.email], {
    conferenceName: textIn(site.name, reviewer.lang),
    name: reviewer.name,
    email: reviewer.email,
    siteUrl: site.url,
    submissionNumber: paper.number,
    submissionTitle: paper.title,
    reviewUrl: reviewUrl(site, paper.id),
  });
}
