/**
 * The accounts API (spec 7, "Authentication", "Account and verification"; docs/sso.md): sign-in,
 * sign-up and reset, the e-mail codes, the account's name, the organisation login, and the super
 * admins' identity providers and administrators. No Node imports here: the islands bundle it.
 */
import { z } from 'zod';
import { endpoint } from './endpoint';
import { localeEndpoint } from './locale';
import { logoutEndpoint } from './logout';
import type { Organisation } from './sso';
import { codeField, codeTypeField, emailField, nameField, orEmpty, passwordField } from './validation';
import { LANGS } from './enums';

/** The language of the page a request comes from (the platform's frame has no language cookie of its own): its mail is written in it. */
const pageLangField = z.enum(LANGS, { message: 'commonMsg.invalidInput' }).optional();

// ── sign-in, sign-up, reset ────────────────────────────────────────────────────────────────

/** What the server hands an account form shown in the platform's frame (islands/shared/handoff.ts): the conference's origin and the browser's state there, the page after, the address to prefill. */
export type Handoff = { origin: string; state: string; redirect: string | null; email: string | null };

/**
 * A sign-in typed in the platform's frame inside a conference's page (docs/accounts.md): the
 * conference's origin and the browser's state, so the answer is a hand-over code for that
 * conference instead of a platform session.
 */
export const handoffField = z
  .object({
    origin: z.string().max(300),
    state: z.string().regex(/^[A-Za-z0-9_-]{32,64}$/, 'auth.handoffInvalid'),
    // the conference page to open after the hand-over (a same-site path, checked again there)
    redirect: z.string().max(2000).optional(),
  })
  .optional();

export const loginInput = z.object({
  email: emailField,
  password: z.string({ message: 'passwordRequire' }).min(1, 'passwordRequire').max(128, 'userReg.userLoginError'),
  handoff: handoffField,
});

export const registerInput = z.object({
  email: emailField,
  trueName: nameField,
  passWord: passwordField,
  verifyCode: codeField,
  handoff: handoffField,
  /** the page's language: the new account's language, which its mails are written in */
  lang: pageLangField,
});

export const resetPasswordInput = z.object({
  data: z
    .object({
      email: emailField,
      verifyCode: codeField,
      name: z.string().trim().max(100, 'nameTooLong').optional(),
      password: passwordField,
      confirmPassword: z.string({ message: 'confirmPasswordRequire' }).min(1, 'confirmPasswordRequire'),
    })
    .refine((v) => v.password === v.confirmPassword, { message: 'passwordError', path: ['confirmPassword'] }),
  handoff: handoffField,
});

export const sendCodeInput = z.object({
  data: z.object({ email: emailField, type: codeTypeField, lang: pageLangField }),
});
export const checkCodeInput = z.object({ data: z.object({ email: emailField, type: codeTypeField, code: codeField }) });

/** What a code check finds: right, wrong, or no longer usable. */
export type CodeCheck = 'valid' | 'wrong' | 'expired';

/** The account a session is for (the token's claims). */
export type AccountClaims = { id: number; trueName: string; umtId: string | null; cstnetId: string | null };
/** A sign-in: the account, and in a conference's frame the address that hands it over. */
export type SignedIn = AccountClaims & { handoffUrl?: string };

// ── single sign-on ─────────────────────────────────────────────────────────────────────────

/** The organisation list of the login page: the common ones ('edugain,local') or a search ('edugain'). */
export const organisationQuery = z.object({
  selectInput: z
    .enum(['edugain,local', 'edugain'], { message: 'commonMsg.invalidInput' })
    .optional()
    .default('edugain,local'),
  query: z.string({ message: 'commonMsg.invalidInput' }).max(100, 'commonMsg.invalidInput').optional().default(''),
  state: z.string({ message: 'commonMsg.invalidInput' }).max(2000, 'commonMsg.invalidInput').optional(),
});

/** The code exchange of a callback as an API call; every fault reads as a failed sign-in. */
export const ssoCallbackInput = orEmpty(
  z.object({
    code: z.string({ message: 'sso.loginFailed' }).min(1, 'sso.loginFailed').max(4096, 'sso.loginFailed'),
    state: z.string({ message: 'sso.loginFailed' }).min(1, 'sso.loginFailed').max(512, 'sso.loginFailed'),
    iss: z.string({ message: 'sso.loginFailed' }).max(500, 'sso.loginFailed').optional(),
  }),
);

export const PROVIDER_KINDS = ['passport', 'oidc'] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

/** An identity provider as the API answers it: everything but the secret, which is write-only. */
export type ProviderView = {
  id: number;
  kind: ProviderKind;
  nameZh: string;
  nameEn: string;
  issuer: string | null;
  clientId: string;
  authorizeUrl: string | null;
  tokenUrl: string | null;
  userinfoUrl: string | null;
  logoutUrl: string | null;
  logo: string;
  isCommon: boolean;
  enabled: boolean;
  sort: number;
  hasSecret: boolean;
};

/** https:// always; http:// only outside production (local and test providers). */
function endpointUrl(allowHttp: boolean, message: string) {
  return z
    .string({ message })
    .trim()
    .max(500, message)
    .refine((v) => {
      let url: URL;
      try {
        url = new URL(v);
      } catch {
        return false;
      }
      if (url.username || url.password || url.hash) return false;
      return url.protocol === 'https:' || (allowHttp && url.protocol === 'http:');
    }, message);
}

/** A path on the site itself ("/files/logo.png") or an https image. */
const logoField = z
  .string({ message: 'sso.logoInvalid' })
  .trim()
  .max(500, 'sso.logoInvalid')
  .refine((v) => {
    if (v === '') return true;
    if (/^\/(?![/\\])[^\\\s]*$/.test(v)) return true;
    try {
      return new URL(v).protocol === 'https:';
    } catch {
      return false;
    }
  }, 'sso.logoInvalid');

const nullToUndefined = (v: unknown) => (v === null ? undefined : v);

/**
 * A provider as a super admin writes it. In production its addresses are https only; the
 * endpoint declares the schema of the other environments, and the server parses with the
 * production one there.
 */
export function providerInput(opts: { production: boolean }) {
  const allowHttp = !opts.production;
  const optionalUrl = (message: string) =>
    z.preprocess((v) => (v === '' ? undefined : nullToUndefined(v)), endpointUrl(allowHttp, message).optional());
  const schema = z
    .object({
      kind: z.enum(PROVIDER_KINDS, { message: 'sso.kindInvalid' }),
      nameZh: z
        .string({ message: 'sso.nameZhRequired' })
        .trim()
        .min(1, 'sso.nameZhRequired')
        .max(100, 'sso.nameZhTooLong'),
      nameEn: z
        .string({ message: 'sso.nameEnRequired' })
        .trim()
        .min(1, 'sso.nameEnRequired')
        .max(150, 'sso.nameEnTooLong'),
      issuer: optionalUrl('sso.issuerInvalid'),
      authorizeUrl: optionalUrl('sso.authorizeUrlInvalid'),
      tokenUrl: optionalUrl('sso.tokenUrlInvalid'),
      userinfoUrl: optionalUrl('sso.userinfoUrlInvalid'),
      logoutUrl: optionalUrl('sso.logoutUrlInvalid'),
      clientId: z
        .string({ message: 'sso.clientIdRequired' })
        .trim()
        .min(1, 'sso.clientIdRequired')
        .max(255, 'sso.clientIdRequired'),
      // Empty (or absent) on update keeps the stored secret; create requires one (checked by the service).
      clientSecret: z.preprocess(
        nullToUndefined,
        z.string({ message: 'sso.clientSecretRequired' }).max(500, 'sso.clientSecretRequired').optional().default(''),
      ),
      logo: z.preprocess(nullToUndefined, logoField.optional().default('')),
      isCommon: z.boolean({ message: 'commonMsg.invalidInput' }).optional().default(false),
      enabled: z.boolean({ message: 'commonMsg.invalidInput' }).optional().default(true),
      sort: z.preprocess(
        nullToUndefined,
        z
          .number({ message: 'commonMsg.invalidInput' })
          .int('commonMsg.invalidInput')
          .min(0, 'commonMsg.invalidInput')
          .max(1_000_000, 'commonMsg.invalidInput')
          .optional()
          .default(0),
      ),
    })
    .superRefine((v, ctx) => {
      if (v.kind === 'oidc' && !v.issuer)
        ctx.addIssue({ code: 'custom', path: ['issuer'], message: 'sso.issuerInvalid' });
      if (v.kind === 'passport') {
        if (!v.authorizeUrl)
          ctx.addIssue({ code: 'custom', path: ['authorizeUrl'], message: 'sso.authorizeUrlInvalid' });
        if (!v.tokenUrl) ctx.addIssue({ code: 'custom', path: ['tokenUrl'], message: 'sso.tokenUrlInvalid' });
        if (!v.userinfoUrl) ctx.addIssue({ code: 'custom', path: ['userinfoUrl'], message: 'sso.userinfoUrlInvalid' });
      }
    });
  return orEmpty(schema);
}
export type ProviderInput = z.output<ReturnType<typeof providerInput>>;

/** The path parameter of one provider. */
export const providerIdParam = z.object({
  id: z.coerce.number({ message: 'commonMsg.notFound' }).int('commonMsg.notFound').positive('commonMsg.notFound'),
});

// ── super admins ───────────────────────────────────────────────────────────────────────────

export type SuperAdminView = { userId: number; email: string; trueName: string; hasPassword: boolean; since: string };

// ── the map ────────────────────────────────────────────────────────────────────────────────

const CODES = '/conference/conferenceRegUserConfig';
const PROVIDERS = '/platform/admin/identityProviders';
const SUPER_ADMINS = '/platform/admin/superAdmins';

export const accountsApi = {
  // Passwords are typed on the platform origin only (docs/security.md).
  login: endpoint<SignedIn>()({ method: 'POST', path: '/base/oauth/localLogin', body: loginInput }),
  register: endpoint<SignedIn>()({ method: 'POST', path: '/base/oauth/register', body: registerInput }),
  logout: logoutEndpoint,
  // Only ever answers about the caller.
  isAdmin: endpoint<boolean>()({
    method: 'POST',
    path: '/base/admin/isAdmin',
    body: orEmpty(z.object({ cstnetId: z.string().max(254).optional() })),
  }),
  /** The language the person chose (the switch): remembered for the hosts they have not visited yet. */
  locale: endpoint<true>()({
    method: localeEndpoint.method,
    path: localeEndpoint.path,
    body: z.object({ lang: z.enum(['zh', 'en'], { message: 'commonMsg.invalidInput' }) }),
  }),
  updateInfo: endpoint<{ trueName: string }>()({
    method: 'PUT',
    path: '/base/user/info',
    body: z.object({ trueName: nameField }),
  }),

  /** 1 when an account has the address; the message says "exists but not registered" too. */
  checkEmail: endpoint<0 | 1>()({
    method: 'GET',
    path: `${CODES}/checkEmail`,
    query: z.object({
      email: emailField,
      /** 'registerCode': the sign-up form asks, and is told why an address without a password cannot sign up */ purpose:
        codeTypeField.optional(),
    }),
  }),
  checkPasswordContent: endpoint<0 | 1>()({
    method: 'POST',
    path: `${CODES}/checkPasswordContent`,
    body: z.object({ data: z.string().max(1000) }),
  }),
  checkPassword: endpoint<0 | 1>()({
    method: 'POST',
    path: `${CODES}/checkPassword`,
    body: z.object({ password: z.string().min(1, 'passwordRequire').max(128) }),
  }),
  sendCode: endpoint<{ resendAfterSeconds: number }>()({
    method: 'POST',
    path: `${CODES}/sendEmailCode`,
    body: sendCodeInput,
  }),
  // Keeps its path but never gives the code: it says whether a code is right.
  checkCode: endpoint<{ result: CodeCheck }>()({ method: 'POST', path: `${CODES}/getEmailCode`, body: checkCodeInput }),
  resetPassword: endpoint<{ data: true; handoffUrl?: string }>()({
    method: 'POST',
    path: `${CODES}/updatePassword`,
    body: resetPasswordInput,
  }),

  organisations: endpoint<Organisation[]>()({ method: 'GET', path: '/base/oauth/providers', query: organisationQuery }),
  oidcCallback: endpoint<{ token: 'ok'; target: string; registered: boolean }>()({
    method: 'POST',
    path: '/base/oauth/oidcLogin',
    body: ssoCallbackInput,
  }),
  passportCallback: endpoint<{ token: 'ok'; target: string; registered: boolean }>()({
    method: 'POST',
    path: '/base/oauth/login',
    body: ssoCallbackInput,
  }),

  providers: endpoint<ProviderView[]>()({ method: 'GET', path: PROVIDERS }),
  createProvider: endpoint<ProviderView>()({
    method: 'POST',
    path: PROVIDERS,
    body: providerInput({ production: false }),
  }),
  updateProvider: endpoint<ProviderView>()({
    method: 'PUT',
    path: `${PROVIDERS}/:id`,
    params: providerIdParam,
    body: providerInput({ production: false }),
  }),
  removeProvider: endpoint<true>()({ method: 'DELETE', path: `${PROVIDERS}/:id`, params: providerIdParam }),

  superAdmins: endpoint<SuperAdminView[]>()({ method: 'GET', path: SUPER_ADMINS }),
  addSuperAdmin: endpoint<SuperAdminView[]>()({
    method: 'POST',
    path: SUPER_ADMINS,
    body: z.object({ email: emailField }),
  }),
  removeSuperAdmin: endpoint<SuperAdminView[]>()({
    method: 'DELETE',
    path: `${SUPER_ADMINS}/:userId`,
    params: z.object({ userId: z.coerce.number().int().positive('commonMsg.notFound') }),
  }),
};
