/**
 * Pages of registration: /conferenceRegister inside the site template (spec 2.8), and the
 * management screens — registrants (spec 2.12 manage/user, userDetails, add and edit by hand)
 * and the registration configuration tabs (basic, form; the template tab is the documents').
 */
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { conferenceOf, isAttendee, isStaff, screen } from '../../platform/access';
import type { Deps } from '../../platform/feature';
import { t } from '../../platform/i18n';
import { escapeHtml } from '../../platform/html';
import { CONFERENCE_STATUS, type Lang } from '../../contract/enums';
import {
  DEFAULT_VERSION,
  ownChangesOpen,
  registrantQuery,
  windowOpen,
  type Answers,
} from '../../contract/registration';
import { versionCode } from '../../contract/registrationRules';
import { countryLabel } from '../../contract/countries';
import { filterFromAddress } from '../../platform/listAddress';
import { REGISTRANT_PAGE_SIZE, type RegistrantFile } from '../../contract/registrants';
import { islandHtmlValue, islandPropValue, renderIslandWithSlots } from '../../../renderer/islands.server';
import { SLOTS } from '../../platform/pageCache';
import type { KeepPage, SlotValue } from '../../platform/keptPages';
import type { Identity } from '../../platform/identity';
import { sendAppPageInTemplate } from '../sites/index';
import type { Db } from '../../db/index';
import { loadRules, versions } from './forms';
import { answersOf, details, findPage } from './queries';
import { registrationPorts } from './routes';
import { accountFrameIsland, frameStateSlot, renderAccountPage } from '../accounts/index';
import type { UserInfoSection } from '../../platform/shell/layouts';
import { loadSettings, settingsView } from './settings';
import { todayIn } from '../../platform/localTime';
import * as repo from './repo';
import * as fileLinksRepo from './fileLinksRepo';
import { RegistrationPageState } from './pageState';
import { zhOrEn } from '../../contract/bilingual';
import { identityOf, siteOf } from '../../platform/context';

const NS = 'registration:';

/**
 * A registered person's number, known for this very identity: the session cache's identity of a
 * person is renewed whenever their roles change (registering, withdrawing), so a number found
 * for it holds as long as it does. The registration page's fast path reads it from here.
 */
const registrantCodes = new WeakMap<Identity, string>();

/**
 * The registration page is the same for everyone in the visitor's state but for these values (and
 * the person's name and menu, which the site fills): the account frame's state for anonymous
 * visitors; a signed-in person's e-mail and name in the form, or their registration number.
 */
function registrationPageKeep(deps: Deps): KeepPage {
  const ofPerson =
    (value: (who: Identity) => string | null): SlotValue =>
    (_req, _res, who) =>
      who ? value(who) : null;
  return {
    for: 'everyone',
    slots: {
      handoffState: frameStateSlot(deps),
      accountEmailInProps: ofPerson((who) => islandPropValue(who.user.email)),
      accountEmailInHtml: ofPerson((who) => islandHtmlValue(who.user.email)),
      accountNameInProps: ofPerson((who) => islandPropValue(who.user.trueName)),
      accountNameInHtml: ofPerson((who) => islandHtmlValue(who.user.trueName)),
      registrantCode: ofPerson((who) => {
        const code = registrantCodes.get(who);
        return code === undefined ? null : escapeHtml(code);
      }),
    },
  };
}

/** Where the signed-in person's e-mail and name go in the registration form (renderIslandWithSlots). */
const ACCOUNT_EMAIL = 'cpSlotAccountEmail5d2f8b1c9e3a';
const ACCOUNT_NAME = 'cpSlotAccountName0c7e4a9f2b6d';

function box(kind: 'info' | 'warn' | 'ok', title: string, body = '', action?: { href: string; label: string }): string {
  const link = action
    ? `<p><a class="auth-button" href="${escapeHtml(action.href)}">${escapeHtml(action.label)}</a></p>`
    : '';
  return `<section class="register-state register-state-${kind}"><h3>${escapeHtml(title)}</h3>${body ? `<p>${escapeHtml(body)}</p>` : ''}${link}</section>`;
}

/** The instructions in the page's language (the other when only one is written). */
function noticeOf(s: { registerInstructionsZh: string; registerInstructionsEn: string }, lang: Lang): string {
  return zhOrEn(s.registerInstructionsZh, s.registerInstructionsEn, lang).trim();
}

async function filesByField(
  db: Db,
  conferenceId: number,
  registrantId: number,
): Promise<Record<string, RegistrantFile[]>> {
  const files: Record<string, RegistrantFile[]> = {};
  for (const f of await fileLinksRepo.filesOf(db, conferenceId, [registrantId]))
    (files[f.field] ??= []).push({ name: f.stored_name, originalName: f.original_name, size: Number(f.size) });
  return files;
}

/** The personal centre's view of the person's registration (its answers as text). */
export function registrationSummary(db: Db): UserInfoSection {
  return async (req) => {
    const conferenceId = conferenceOf(req);
    const lang = req.ctx.lang;
    const row = await repo.findRegistrantByUser(db, conferenceId, identityOf(req)!.user.id);
    if (!row) return null;
    const answers = (await answersOf(db, conferenceId, row, lang)).filter((a) => a.field !== 'email');
    return { code: row.code, answers: answers.map(({ title, value }) => ({ title, value })) };
  };
}

const versionOf = (req: Request) => {
  const parsed = versionCode.safeParse(req.query.version ?? DEFAULT_VERSION);
  return parsed.success ? parsed.data : null;
};

export function registrationPageRouter(deps: Deps): Router {
  const { db, sites, shell } = deps;
  const ports = registrationPorts(deps);
  const pageState = new RegistrationPageState(db, deps.cache);
  const router = Router();

  // /register (spec 2.6): outside the registration window "registration not open"; inside, login
  // with the account sign-up next to it.
  router.get('/register', screen('anonymous', 'conference'), async (req, res) => {
    // Signed in already (a template's "register now" is the same link for everyone, and cached
    // pages carry it): straight to the registration, which says "you are registered" to the registered.
    if (identityOf(req)) {
      const at = req.originalUrl.indexOf('?');
      return res.redirect(302, `/conferenceRegister${at >= 0 ? req.originalUrl.slice(at) : ''}`);
    }
    const settings = await pageState.settings(conferenceOf(req));
    // Registration not enabled at all: spec 8's 'The conference register service has not been opened…'
    if (!settings.moduleOn) return renderAccountPage(deps, req, res, 'closed', 'userReg.registerServiceNotOpened');
    await renderAccountPage(deps, req, res, windowOpen(settings, todayIn(settings.timeZone)) ? 'register' : 'closed');
  });

  // ── /conferenceRegister?version= (spec 2.8, in its order of precedence) ─────────────────
  router.get(
    '/conferenceRegister',
    screen('anonymous', 'conference', { keep: registrationPageKeep(deps) }),
    async (req: Request, res: Response) => {
      const { lang, mobile } = req.ctx;
      const identity = identityOf(req);
      const site = siteOf(req)!;
      if (site.conference.status !== CONFERENCE_STATUS.published && !isStaff(identity))
        return res.redirect(302, '/unpublished');
      const cid = site.conference.id;
      const settings = await pageState.settings(cid);
      const today = todayIn(settings.timeZone);
      const version = versionOf(req);
      const rules = version ? await pageState.rules(cid, version) : null;
      const parts: string[] = [];
      const registered = identity ? await repo.findRegistrantByUser(db, cid, identity.user.id) : undefined;
      // Kept until the settings or forms change (which drops it) or the day does (the window).
      const holdsWhile = () => todayIn(settings.timeZone) === today;
      if (!settings.moduleOn) {
        // The conference has not enabled registration at all (spec 8): not a window that opens later.
        parts.push(box('info', t(lang, 'userReg.registerServiceNotOpened')));
      } else if (!windowOpen(settings, today)) {
        parts.push(box('info', t(lang, 'commonMsg.dataMsgConfReg'), t(lang, `${NS}page.closedHint`)));
      } else if (registered) {
        parts.push(
          box('ok', t(lang, 'commonMsg.haveReg'), t(lang, `${NS}page.codeIs`, { code: SLOTS.registrantCode }), {
            href: '/profile/userInfo',
            label: t(lang, 'userMenu.personalCenter'),
          }),
        );
        registrantCodes.set(identity!, registered.code);
      } else if (!rules) {
        parts.push(box('warn', t(lang, `${NS}versionNotFound`)));
      } else {
        const notice = noticeOf(settings, lang);
        // The instructions are the managers' rich text, cleaned when saved (settings.ts), shown as HTML.
        if (notice)
          parts.push(
            `<section class="register-notice"><h3>${escapeHtml(t(lang, `${NS}page.notice`))}</h3><div class="register-notice-body">${notice}</div></section>`,
          );
        if (!identity) {
          // Sign in or make the account first, in the platform's frame (no password is typed on the
          // conference's origin); the frame comes back here signed in, to the form.
          parts.push(box('info', t(lang, 'userReg.notLoginForConferenceReg'), t(lang, `${NS}page.noAccountHint`)));
          parts.push(accountFrameIsland(req, res, deps, 'register', req.originalUrl));
        } else {
          // The form is the same for everyone but the account's e-mail and name: rendered once with
          // tokens there, which become the page's slots (a registration opening is everyone's first view of this form).
          parts.push(
            renderIslandWithSlots(
              'RegisterForm',
              {
                lang,
                mobile,
                mode: 'self',
                version: version!,
                rules,
                account: { email: ACCOUNT_EMAIL, name: ACCOUNT_NAME },
                notice: Boolean(notice),
              },
              {
                [ACCOUNT_EMAIL]: { inProps: SLOTS.accountEmailInProps, inHtml: SLOTS.accountEmailInHtml },
                [ACCOUNT_NAME]: { inProps: SLOTS.accountNameInProps, inHtml: SLOTS.accountNameInHtml },
              },
            ),
          );
        }
      }
      // Registered is the attendee role (granted and revoked with the registration, accounts/events.ts):
      // a page for the other state is not kept for it.
      const forThisVisitorOnly = identity !== null && Boolean(registered) !== isAttendee(identity);
      const html = `<div class="app-page app-page-register">${parts.join('')}</div>`;
      await sendAppPageInTemplate(req, res, sites, {
        name: t(lang, `${NS}page.title`),
        html,
        holdsWhile,
        forThisVisitorOnly,
      });
    },
  );

  // ── the person's own registration, changed from the personal centre ────────────────────
  router.get('/profile/registration/edit', screen('user', 'conference'), async (req, res) => {
    const { lang, mobile } = req.ctx;
    const cid = conferenceOf(req);
    const row = await repo.findRegistrantByUser(db, cid, identityOf(req)!.user.id);
    const rules = row ? await loadRules(db, cid, row.version) : null;
    if (!row || !rules) return res.redirect(302, '/conferenceRegister');
    const settings = await loadSettings(db, cid);
    await shell.profileScreen(req, res, {
      title: t(lang, `${NS}page.editOwn`),
      island: {
        island: 'RegisterForm',
        props: {
          lang,
          mobile,
          mode: 'update',
          version: row.version,
          rules,
          account: { email: row.email, name: '' },
          notice: false,
          initial: JSON.parse(row.answers) as Answers,
          initialFiles: await filesByField(db, cid, row.id),
          changesOpen: ownChangesOpen(settings, todayIn(settings.timeZone)),
          canWithdraw: settings.allowWithdraw,
        },
      },
    });
  });

  // ── management: registrants ────────────────────────────────────────────────────────────
  const manage = [screen('manager')] as const;

  router.get('/platform/manage/user', ...manage, async (req, res) => {
    const { lang, mobile } = req.ctx;
    const cid = conferenceOf(req);
    // the address's filter (issue 33: the overview's links), the invalid parts dropped
    const filter = filterFromAddress(registrantQuery, req.query);
    await shell.manageScreen(req, res, {
      title: t(lang, `${NS}manage.title`),
      island: {
        island: 'ManageRegistrants',
        props: {
          lang,
          mobile,
          filter,
          initial: await findPage(db, cid, { ...filter, page: 1, size: REGISTRANT_PAGE_SIZE }),
          countries: (await repo.countriesGiven(db, cid)).map((value) => ({ value, label: countryLabel(value, lang) })),
          badgeEnabled: await ports.badges.enabled(cid),
          mailConfigured: await ports.mail.configured(cid),
          versions: (await versions(db, cid)).map((v) => v.version),
        },
      },
    });
  });

  const uidOf = (req: Request) =>
    z.coerce
      .number()
      .int()
      .positive()
      .max(2 ** 31)
      .safeParse(req.query.uid).data ?? null;

  router.get('/platform/manage/userDetails', ...manage, async (req, res) => {
    const { lang, mobile } = req.ctx;
    const uid = uidOf(req);
    const found = uid ? await details(db, conferenceOf(req), uid, lang) : null;
    if (!found) return res.redirect(302, '/platform/manage/user');
    await shell.manageScreen(req, res, {
      title: t(lang, `${NS}manage.detailsTitle`),
      island: { island: 'ManageRegistrantDetails', props: { lang, mobile, details: found } },
    });
  });

  router.get('/platform/manage/user/add', ...manage, async (req, res) => {
    const { lang, mobile } = req.ctx;
    const version = versionOf(req) ?? DEFAULT_VERSION;
    const rules = await loadRules(db, conferenceOf(req), version);
    if (!rules) return res.redirect(302, '/platform/manage/user/add');
    await shell.manageScreen(req, res, {
      title: t(lang, `${NS}manage.addTitle`),
      island: {
        island: 'RegisterForm',
        props: {
          lang,
          mobile,
          mode: 'add',
          version,
          rules,
          account: null,
          notice: false,
          versions: (await versions(db, conferenceOf(req))).map((v) => v.version),
        },
      },
    });
  });

  router.get('/platform/manage/user/edit', ...manage, async (req, res) => {
    const { lang, mobile } = req.ctx;
    const cid = conferenceOf(req);
    const uid = uidOf(req);
    const row = uid ? await repo.findRegistrant(db, cid, uid) : undefined;
    const rules = row ? await loadRules(db, cid, row.version) : null;
    if (!row || !rules) return res.redirect(302, '/platform/manage/user');
    const files = await filesByField(db, cid, row.id);
    await shell.manageScreen(req, res, {
      title: t(lang, `${NS}manage.editTitle`),
      island: {
        island: 'RegisterForm',
        props: {
          lang,
          mobile,
          mode: 'edit',
          version: row.version,
          rules,
          account: null,
          notice: false,
          registrantId: row.id,
          initial: JSON.parse(row.answers) as Answers,
          initialFiles: files,
        },
      },
    });
  });

  // ── management: the registration configuration ─────────────────────────────────────────
  router.get('/platform/config/register', ...manage, async (req, res) => {
    const { lang, mobile } = req.ctx;
    await shell.manageScreen(req, res, {
      title: t(lang, `${NS}config.title`),
      island: {
        island: 'RegisterConfigBasic',
        props: { lang, mobile, config: await settingsView(db, conferenceOf(req)) },
      },
    });
  });

  router.get('/platform/config/register/form', ...manage, async (req, res) => {
    const { lang, mobile } = req.ctx;
    const cid = conferenceOf(req);
    const version = versionOf(req) ?? DEFAULT_VERSION;
    const rules = await loadRules(db, cid, version);
    if (!rules) return res.redirect(302, '/platform/config/register/form');
    await shell.manageScreen(req, res, {
      title: t(lang, `${NS}config.title`),
      island: {
        island: 'RegisterConfigForm',
        props: { lang, mobile, versions: await versions(db, cid), version, rules },
      },
    });
  });

  return router;
}
