/**
 * The reviewers' mail: the invitation (spec 3 "Email config": invite reviewer, which managers may
 * edit) with its activation link, and a manager's free message to the selected reviewers. Both go
 * through the mail gate first (who a conference may mail, its daily budget: mail/gate.ts); the
 * invitation is written to the outbox inside the transaction that saved the reviewer.
 */
import crypto from 'node:crypto';
import type { Tx } from '../../../db/index';
import { toDbInstant } from '../../../db/dialect';
import { enqueueConferenceMail, plainTextHtml, type MailLang, type MailSite } from '../../mail/index';
import { textIn } from '../../../contract/bilingual';
import { REVIEWER_LIMITS } from '../../../contract/reviewers';
import { REVIEW_SCREENS } from '../../../contract/review';
import { LANGUAGE_TYPE, type Lang } from '../../../contract/enums';

/** An activation key as the mail carries it, and what the table keeps of it. */
export type ActivationKey = { key: string; hash: string; expiresAt: string };

export function hashKey(key: string): string {
  return crypto.createHash('sha256').update(key).digest('hex');
}

/** 256 random bits, base64url; stored as its SHA-256, valid for REVIEWER_LIMITS.keyDays days. */
export function newActivationKey(now = Date.now()): ActivationKey {
  const key = crypto.randomBytes(32).toString('base64url');
  return { key, hash: hashKey(key), expiresAt: toDbInstant(new Date(now + REVIEWER_LIMITS.keyDays * 24 * 3600_000)) };
}

/**
 * The invitation's language is the reviewer's, never the manager's: the one their account chose;
 * else the site's only language; else (a bilingual site, a person not known yet) both.
 */
export function invitationLang(accountLang: Lang | null, languageType: string | undefined): MailLang {
  if (accountLang) return accountLang;
  if (languageType === LANGUAGE_TYPE.zhOnly) return 'zh';
  if (languageType === LANGUAGE_TYPE.enOnly) return 'en';
  return 'both';
}

/** The invitation: the link to activate (an existing account is linked there, without a password). */
export async function inviteMail(
  tx: Tx,
  conferenceId: number,
  site: MailSite,
  to: { email: string; name: string; lang: MailLang },
  key: string,
): Promise<void> {
  const activationUrl = `${site.url}${REVIEW_SCREENS.activation}/${key}`;
  await enqueueConferenceMail(tx, conferenceId, 'inviteReviewer', to.lang, [to.email], (lang) => ({
    conferenceName: textIn(site.name, lang),
    name: to.name || to.email,
    email: to.email,
    siteUrl: site.url,
    activationUrl,
  }));
}

/** A manager's plain text as mail: escaped, its line breaks kept. */
export function messageBodies(content: string): { text: string; html: string } {
  return { text: content, html: plainTextHtml(content) };
}
