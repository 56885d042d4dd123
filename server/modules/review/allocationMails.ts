/**
 * The assign-abstract-review mail (spec 3 "Email config": assignAbstractReview), one per reviewer
 * and manuscript added, in the reviewer's language, written to the outbox inside the transaction
 * that saved the assignment. The link opens the review form (REVIEW_SCREENS.reviewForm) on the
 * conference's own site.
 */
import type { Tx } from '../../db/index';
import { REVIEW_SCREENS } from '../../contract/review';
import { text } from '../../platform/site';
import { enqueueConferenceMail } from '../mail/templates';
import type { MailSite } from '../orders/mails';
import type { Reviewer } from './people';

export function reviewUrl(site: MailSite, submissionId: number): string {
  return `${site.url}${REVIEW_SCREENS.reviewForm}/${submissionId}`;
}

export async function assignMail(tx: Tx, conferenceId: number, site: MailSite, reviewer: Reviewer, paper: { id: number; number: string; title: string }): Promise<void> {
  await enqueueConferenceMail(tx, conferenceId, 'assignAbstractReview', reviewer.lang, [reviewer.email], {
    conferenceName: text(site.name, reviewer.lang), name: reviewer.name, email: reviewer.email, siteUrl: site.url,
    submissionNumber: paper.number, submissionTitle: paper.title, reviewUrl: reviewUrl(site, paper.id),
  });
}
