/**
 * The account forms' checks (spec section 5), each answering the message or null: used by the
 * plain forms directly and by antd's rules (rules.ts). Each is applied again by the server; these
 * only give the message early.
 */
import { EMAIL_PATTERN, type CodeType } from '../../server/contract/validation';
import { accountsApi } from '../../server/contract/accounts';
import { call, urlOf } from './api';
import type { T } from './i18n';

export type { T };
const EXISTS_NOT_REGISTERED = 'user email exists but not registered';
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Spec 8's messages for an address without a password that cannot sign up (the server's checkEmail names them for the sign-up form). */
const SIGN_UP_REFUSALS = new Set(['userReg.passportUser', 'userReg.managerNotRegistered', 'userReg.userExist']);

type EmailState = { state: 'exists' | 'notRegistered' | 'none'; refusal: string | null };

async function emailState(email: string, forSignUp: boolean): Promise<EmailState> {
  await wait(200);
  // Read by hand: the envelope's message tells "exists but not registered" apart, and call() keeps only the data.
  const res = await fetch(
    urlOf(accountsApi.checkEmail, { query: { email, ...(forSignUp ? { purpose: 'registerCode' as const } : {}) } }),
    { credentials: 'same-origin' },
  );
  const body = (await res.json()) as { code: number; data: 0 | 1; message: string };
  if (body.code !== 200) throw new Error('userReg.passportError');
  if (body.data === 1) return { state: 'exists', refusal: null };
  if (SIGN_UP_REFUSALS.has(body.message)) return { state: 'notRegistered', refusal: body.message };
  return { state: body.message === EXISTS_NOT_REGISTERED ? 'notRegistered' : 'none', refusal: null };
}

export function emailFormat(t: T, value: string | undefined): string | null {
  return value && EMAIL_PATTERN.test(value) ? null : t('emailFormatError');
}

/** mode 'new': the address must not have an account; 'existing': it must (a reset). */
export async function emailAvailability(t: T, mode: 'new' | 'existing', value: string): Promise<string | null> {
  if (!value || !EMAIL_PATTERN.test(value)) return null;
  let state, refusal;
  try {
    ({ state, refusal } = await emailState(value, mode === 'new'));
  } catch {
    return t('userReg.passportError');
  }
  if (mode === 'new' && state !== 'none') return t(refusal ?? 'userReg.userExist');
  if (mode === 'existing' && state === 'none') return t('userNotExist');
  return null;
}

export async function codeCheck(t: T, type: CodeType, email: string, code: string): Promise<string | null> {
  if (!code) return t('inputVerifyCode');
  const { result } = await call(accountsApi.checkCode, { body: { data: { email, type, code } } });
  if (result === 'expired') return t('userReg.validateTimeError');
  if (result === 'wrong') return t('userReg.verifyCodeError');
  return null;
}

export async function passwordStrength(t: T, value: string): Promise<string | null> {
  if (!value) return t('passwordRequire');
  const strong = await call(accountsApi.checkPasswordContent, { body: { data: value } });
  return strong === 1 ? null : t('passwordCheck');
}

export function confirmCheck(t: T, password: string, confirm: string): string | null {
  if (!confirm) return t('confirmPasswordRequire');
  return confirm === password ? null : t('passwordError');
}
