/**
 * The review mails (spec 3 "Email config"), written to the outbox in the transaction of the act
 * that causes them: a submitted review to the conference's managers (one mail each, in the site's
 * language: managers keep no language of their own), the notice to the session's chairs when every
 * review of a manuscript is in (each in their reviewer language; not a chair in conflict with it), and the final result to the
 * authors (the submitter and the corresponding authors, in the manuscript's language), with the
 * reviews when the one who decided chose to send them, the resubmission date and a link.
 */
import type { Db, Tx } from '../../../db/index';
import type { Lang } from '../../../contract/enums';
import { REVIEW_SCREENS } from '../../../contract/review';
import type { ReviewOpinion } from '../../../contract/reviewing';
import { t } from '../../../platform/i18n';
import { textIn } from '../../../contract/bilingual';
import { roleHolderEmails, accountsByIds, languageOfAddress } from '../../accounts/index';
import { enqueueConferenceMail, type MailSite } from '../../mail/index';
import { submissionReader as subs } from '../../submissions/index';
import { chairsOf } from './repo';
import { reviewerById } from '../reviewers/people';
import { chairConflicted } from '../conflicts/chairs';
import { resultNote, type ResultExtras } from './resultExtras';

type Paper = Pick<subs.SubmissionRow, 'id' | 'number' | 'title' | 'session_id' | 'user_id' | 'lang'>;

const common = (site: MailSite, lang: Lang, email: string, name: string) => ({
  conferenceName: textIn(site.name, lang),
  name: name || email,
  email,
  siteUrl: site.url,
});

export async function reviewSubmittedMail(
  tx: Tx,
  conferenceId: number,
  site: MailSite,
  lang: Lang,
  paper: Paper,
  reviewer: string,
  opinion: ReviewOpinion,
): Promise<void> {
  const managers = await roleHolderEmails(tx, conferenceId, ['manager', 'creator']);
  for (const email of managers) {
    // Each manager in their account's language; the reviewer's page language when they chose none.
    const own = (await languageOfAddress(tx, email)) ?? lang;
    await enqueueConferenceMail(tx, conferenceId, 'submitAbstractReview', own, [email], {
      ...common(site, own, email, ''),
      submissionNumber: paper.number,
      submissionTitle: paper.title,
      reviewer,
      opinion: t(own, `reviewing:opinion.${opinion}`),
    });
  }
}

export async function chairNoticeMail(tx: Tx, conferenceId: number, site: MailSite, paper: Paper): Promise<void> {
  const reviewUrl = `${site.url}${REVIEW_SCREENS.reviewForm}/${paper.id}`;
  for (const chair of await chairsOf(tx, conferenceId, paper.session_id)) {
    // A chair in conflict with the manuscript is not told about its reviews (conflicts/chairs.ts).
    const person = await reviewerById(tx, conferenceId, chair.id);
    if (!person || (await chairConflicted(tx, conferenceId, person, paper.id))) continue;
    const lang: Lang = chair.lang === 'en' ? 'en' : 'zh';
    await enqueueConferenceMail(tx, conferenceId, 'chairReviewNotice', lang, [chair.email], {
      ...common(site, lang, chair.email, ''),
      submissionNumber: paper.number,
      submissionTitle: paper.title,
      reviewUrl,
    });
  }
}

export type ResultRecipient = { email: string; name: string };

/** Who is told the final result: the submitter and the corresponding authors, each address once. */
export async function resultRecipients(db: Db | Tx, conferenceId: number, paper: Paper): Promise<ResultRecipient[]> {
  const lang: Lang = paper.lang === 'en' ? 'en' : 'zh';
  const id = paper.id;
  const [accounts, authors] = await Promise.all([
    accountsByIds(db, [paper.user_id]),
    subs.authorsOf(db, conferenceId, [id]),
  ]);
  const submitter = accounts.get(paper.user_id);
  const people = [
    ...(submitter ? [{ email: submitter.email, name: submitter.trueName }] : []),
    ...(authors.get(id) ?? [])
      .filter((a) => a.corresponding && a.email)
      .map((a) => ({ email: a.email, name: lang === 'zh' ? `${a.surname}${a.name}` : `${a.name} ${a.surname}` })),
  ];
  const seen = new Set<string>();
  return people.filter((p) => {
    const key = p.email.trim().toLowerCase();
    return !seen.has(key) && Boolean(seen.add(key));
  });
}

/** The final result to `people` (resultRecipients, after the mail gate admitted them), with what was chosen to go with it (reviewing/resultExtras.ts). */
export async function finalResultMail(
  tx: Tx,
  conferenceId: number,
  site: MailSite,
  paper: Paper,
  people: ResultRecipient[],
  extras: ResultExtras,
): Promise<void> {
  const lang: Lang = paper.lang === 'en' ? 'en' : 'zh';
  const note = resultNote(extras);
  for (const p of people) {
    await enqueueConferenceMail(
      tx,
      conferenceId,
      'finalReviewResult',
      lang,
      [p.email],
      {
        ...common(site, lang, p.email, p.name),
        submissionNumber: paper.number,
        submissionTitle: paper.title,
        result: t(lang, `reviewing:result.${extras.opinion}`),
      },
      note,
    );
  }
}
