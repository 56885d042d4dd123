/** The registration mail (spec 3 "Email config": registration), sent on every successful registration. */
import { localTime } from '../../platform/localTime';
import { displayName } from '../../contract/registrationRules';
import { textIn } from '../../contract/bilingual';
import { type SiteService, siteLanguages } from '../sites/index';
import { conferenceOrigin, type PublicUrlConfig } from '../../platform/publicUrl';
import { enqueueConferenceMail, type MailLang, type MailNote } from '../mail/index';
import { escapeHtml } from '../../platform/html';
import { AppError } from '../../platform/errors';
import { isDatabaseBusy, isRetryable } from '../../db/transaction';
import { logger } from '../../platform/logger';
import { languageOfAddress } from '../accounts/index';
import type { RegistrationHooks, RegistrationMailHow } from './service';

const log = logger.child({ module: 'registration' });

/** The language of a mail to someone a manager added: the site's, both when it is bilingual. */
function siteMailLang(languageType: string): MailLang {
  const langs = siteLanguages(languageType);
  return langs.length === 1 ? langs[0] : 'both';
}

/** What the organisers' registration means for the person: registered by them; how to get into a new account. */
function managerNote(how: RegistrationMailHow, siteUrl: string, email: string): MailNote | undefined {
  if (!how.byManager) return undefined;
  const reset = escapeHtml(`${siteUrl}/resetPassword`);
  const link = `<a href="${reset}">${reset}</a>`;
  const address = escapeHtml(email);
  if (how.createdAccount) {
    return {
      zh: `会议组织方已为您完成注册，并用邮箱 ${address} 为您创建了平台账号。首次登录前，请打开 ${link}，输入此邮箱并填写我们发送的验证码，设置您的密码。`,
      en: `The organisers registered you and created an account for you on the platform with the address ${address}. Before you sign in for the first time, open ${link}, enter this address and the code we send you, and choose your password.`,
    };
  }
  return {
    zh: `会议组织方已为您完成注册。请用邮箱 ${address} 对应的账号登录查看。`,
    en: `The organisers registered you. Sign in with your account (${address}) to see your registration.`,
  };
}

export function registrationMail(
  sites: SiteService,
  links: PublicUrlConfig,
): NonNullable<RegistrationHooks['prepare']> {
  return async (conferenceId) => {
    const site = await sites.snapshot(conferenceId);
    return async (tx, registrant, how) => {
      if (!site) return;
      // The person's own language: the page they registered on; when the organisers registered them, their account's choice, else the site's.
      const mailLang: MailLang = how.byManager
        ? ((await languageOfAddress(tx, registrant.email)) ?? siteMailLang(site.config.languageType))
        : how.lang;
      const siteUrl = conferenceOrigin(links, site);
      const at = registrant.created_at;
      const registrationTime = localTime(at, site.conference.timeZone);
      try {
        await enqueueConferenceMail(
          tx,
          conferenceId,
          'registration',
          mailLang,
          [registrant.email],
          (lang) => ({
            conferenceName: textIn(site.config.conferenceName, lang),
            name:
              displayName({
                fullName: registrant.full_name,
                firstName: registrant.first_name,
                middleName: registrant.middle_name,
                lastName: registrant.last_name,
              }) || registrant.email,
            email: registrant.email,
            siteUrl,
            registrationCode: registrant.code,
            registrationTime,
            profileUrl: `${siteUrl}/profile/userInfo`,
          }),
          managerNote(how, siteUrl, registrant.email),
        );
      } catch (err) {
        // A deadlock or a busy database: the transaction's own retry (or 503), as for any write.
        if (isRetryable(err) || isDatabaseBusy(err)) throw err;
        // The registration mail cannot be written (the outbox refuses it, the template does not
        // render): spec 8's 'Attend failed' / 'Email initial failed, please contact administrator'.
        // The registration is rolled back with it, so the person may try again once it is fixed.
        log.error(
          { conferenceId, err: (err as Error).message },
          'registration mail could not be written; registration refused',
        );
        throw new AppError(500, 'userReg.emailInitialFailed');
      }
    };
  };
}
