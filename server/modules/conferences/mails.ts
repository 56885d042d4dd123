/**
 * The platform's own mail about a conference's life (issue 18): a new manager is told how to sign
 * in; the platform administrators are told of a publication request; the managers are told the
 * decision. The texts are the platform's (not templates a manager edits); the only values a
 * manager chose — the conference's name, a rejection reason typed by an administrator — are
 * escaped. Each goes in the site's language, both on a bilingual site (Chinese first); the
 * administrators, whose language the platform does not know, get both.
 */
import type { Db, Tx } from '../../db/index';
import type { Lang } from '../../contract/enums';
import { siteLanguages } from '../sites/index';
import { escapeHtml } from '../../platform/html';
import { enqueueMail, plainTextOf, LANGUAGE_RULE, MAIL_STYLE, type ConferenceMailGate } from '../mail/index';
import type { Config } from '../../config';
import type { RateLimiter } from '../../platform/rateLimit';
import type { PublicUrlConfig } from '../../platform/publicUrl';
import type { SiteSnapshot } from '../../platform/site';
import { textIn } from '../../contract/bilingual';

type Bilingual = { zh: string; en: string };

export type ConferenceNames = { zh: string; en: string; languageType: string };

/**
 * What the platform's mail about a conference's life needs: the gate a new manager's address
 * passes (unpublished: only people who used the conference), where links point, and a limit
 * on the administrators' mail (one per conference an hour, however often it applies).
 */
export type ConferenceMail = {
  gate: ConferenceMailGate;
  links: PublicUrlConfig & Pick<Config, 'PLATFORM_URL' | 'PLATFORM_HOST'>;
  limiter: RateLimiter;
};

export const namesOf = (site: SiteSnapshot): ConferenceNames => ({
  zh: site.config.conferenceName.zh,
  en: site.config.conferenceName.en,
  languageType: site.config.languageType,
});

const link = (url: string) => `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
const nameIn = (names: ConferenceNames, lang: Lang) => escapeHtml(textIn(names, lang) || '—');

/** One message in the given languages: subjects joined with ' / ', bodies one after the other. */
function compose(
  langs: Lang[],
  subject: Bilingual,
  paragraphs: Record<Lang, string[]>,
): { subject: string; html: string; text: string } {
  const parts = langs.map(
    (l) => `<div style="${MAIL_STYLE}">${paragraphs[l].map((p) => `<p>${p}</p>`).join('')}</div>`,
  );
  const html = parts.join(LANGUAGE_RULE);
  return {
    subject: langs
      .map((l) => subject[l])
      .join(' / ')
      .replace(/[\r\n]+/g, ' ')
      .slice(0, 500),
    html,
    text: plainTextOf(html),
  };
}

/** To someone just made a manager: where to sign in, and to set a password first when the account has none. */
export async function managerAddedMail(
  tx: Db | Tx,
  conferenceId: number,
  to: string,
  names: ConferenceNames,
  origin: string,
  hasPassword: boolean,
  accountLang: Lang | null = null,
): Promise<void> {
  // The new manager's own language when their account chose one; else the site's.
  const langs = accountLang ? [accountLang] : siteLanguages(names.languageType);
  const login = `${origin}/conferencelogin?redirect=${encodeURIComponent('/platform')}`;
  const reset = `${origin}/resetPassword`;
  const mail = compose(
    langs,
    {
      zh: `【${textIn(names, 'zh')}】您已成为会议管理员`,
      en: `[${textIn(names, 'en')}] You are now a manager of the conference`,
    },
    {
      zh: [
        `您好：`,
        `您已被添加为会议“${nameIn(names, 'zh')}”的管理员。请用邮箱 ${escapeHtml(to)} 登录：${link(login)}，登录后即进入会议管理。`,
        ...(hasPassword
          ? []
          : [`此账号尚未设置密码。首次登录前，请打开 ${link(reset)}，输入此邮箱并填写验证码，设置密码。`]),
      ],
      en: [
        `Hello,`,
        `You have been added as a manager of the conference “${nameIn(names, 'en')}”. Sign in with ${escapeHtml(to)} at ${link(login)}; you will land in its management area.`,
        ...(hasPassword
          ? []
          : [
              `This account has no password yet. Before you sign in for the first time, open ${link(reset)}, enter this address and the code we send you, and choose a password.`,
            ]),
      ],
    },
  );
  await enqueueMail(tx, { conferenceId, to: [to], ...mail, kind: 'managerAdded' });
}

/** To the platform administrators: a conference asks to be published. Platform mail (no conference's sender). */
export async function publicationRequestedMail(
  db: Db | Tx,
  to: string[],
  names: ConferenceNames,
  siteUrl: string,
  queueUrl: string,
  requestedBy: string,
): Promise<void> {
  if (!to.length) return;
  const mail = compose(
    ['zh', 'en'],
    { zh: `发布申请：${textIn(names, 'zh')}`, en: `Publication request: ${textIn(names, 'en')}` },
    {
      zh: [
        `会议“${nameIn(names, 'zh')}”（${link(siteUrl)}）由 ${escapeHtml(requestedBy)} 申请发布，请在发布审核中处理：${link(queueUrl)}`,
      ],
      en: [
        `${escapeHtml(requestedBy)} asks to publish the conference “${nameIn(names, 'en')}” (${link(siteUrl)}). Please review it in the publication queue: ${link(queueUrl)}`,
      ],
    },
  );
  await enqueueMail(db, { conferenceId: null, to, ...mail, kind: 'publicationRequested' });
}

/** To the conference's managers: the administrators' decision on their request. */
export async function publicationDecidedMail(
  db: Db | Tx,
  conferenceId: number,
  to: string[],
  names: ConferenceNames,
  origin: string,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<void> {
  if (!to.length) return;
  const langs = siteLanguages(names.languageType);
  const manage = `${origin}/platform`;
  const mail = decision.approve
    ? compose(
        langs,
        {
          zh: `【${textIn(names, 'zh')}】会议网站已发布`,
          en: `[${textIn(names, 'en')}] The conference website is published`,
        },
        {
          zh: [`会议“${nameIn(names, 'zh')}”的发布申请已通过，网站现已公开：${link(origin)}`],
          en: [
            `The publication request of “${nameIn(names, 'en')}” was approved; the website is now public: ${link(origin)}`,
          ],
        },
      )
    : compose(
        langs,
        { zh: `【${textIn(names, 'zh')}】发布申请未通过`, en: `[${textIn(names, 'en')}] Publication request declined` },
        {
          zh: [
            `会议“${nameIn(names, 'zh')}”的发布申请未通过。原因：${escapeHtml(decision.reason)}`,
            `修改后可在会议管理中重新申请：${link(manage)}`,
          ],
          en: [
            `The publication request of “${nameIn(names, 'en')}” was declined. Reason: ${escapeHtml(decision.reason)}`,
            `You may apply again from the management area once it is changed: ${link(manage)}`,
          ],
        },
      );
  await enqueueMail(db, { conferenceId, to, ...mail, kind: 'publicationDecided' });
}
