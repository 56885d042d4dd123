/**
 * antd rules for the account forms (spec section 5). Each rule the browser applies is applied
 * again by the server; these only give the message early.
 */
import type { FormInstance, FormRule } from 'antd';
import { EMAIL_PATTERN } from '../../server/contract/validation';
import { accountsApi } from '../../server/contract/accounts';
import { call, urlOf } from './api';

type T = (key: string, options?: Record<string, unknown>) => string;
const EXISTS_NOT_REGISTERED = 'user email exists but not registered';
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function emailState(email: string): Promise<'exists' | 'notRegistered' | 'none'> {
  await wait(200);
  // Read by hand: the envelope's message tells "exists but not registered" apart, and call() keeps only the data.
  const res = await fetch(urlOf(accountsApi.checkEmail, { query: { email } }), { credentials: 'same-origin' });
  const body = (await res.json()) as { code: number; data: 0 | 1; message: string };
  if (body.code !== 200) throw new Error('userReg.passportError');
  return body.data === 1 ? 'exists' : body.message === EXISTS_NOT_REGISTERED ? 'notRegistered' : 'none';
}

/** mode 'new': the address must not have an account; 'existing': it must (a reset). */
export function emailRules(t: T, mode: 'new' | 'existing'): FormRule[] {
  return [
    { required: true, message: t('emailFormatError') },
    { pattern: EMAIL_PATTERN, message: t('emailFormatError') },
    {
      async validator(_, value: string) {
        if (!value || !EMAIL_PATTERN.test(value)) return;
        let state;
        try {
          state = await emailState(value);
        } catch {
          throw new Error(t('userReg.passportError'));
        }
        if (mode === 'new' && state !== 'none') throw new Error(t('userReg.userExist'));
        if (mode === 'existing' && state === 'none') throw new Error(t('userNotExist'));
      },
    },
  ];
}

export function codeRules(t: T, type: 'registerCode' | 'resetPassCode', form: FormInstance): FormRule[] {
  return [
    { required: true, message: t('inputVerifyCode') },
    {
      async validator(_, value: string) {
        if (!value) return;
        const { result } = await call(accountsApi.checkCode, { body: { data: { email: form.getFieldValue('email'), type, code: value } } });
        if (result === 'expired') throw new Error(t('userReg.validateTimeError'));
        if (result === 'wrong') throw new Error(t('userReg.verifyCodeError'));
      },
    },
  ];
}

export function passwordRules(t: T): FormRule[] {
  return [
    { required: true, message: t('passwordRequire') },
    {
      async validator(_, value: string) {
        if (!value) return;
        const strong = await call(accountsApi.checkPasswordContent, { body: { data: value } });
        if (strong !== 1) throw new Error(t('passwordCheck'));
      },
    },
  ];
}

export function confirmRules(t: T, field = 'password'): FormRule[] {
  return [
    { required: true, message: t('confirmPasswordRequire') },
    ({ getFieldValue }) => ({
      async validator(_, value: string) {
        if (value && value !== getFieldValue(field)) throw new Error(t('passwordError'));
      },
    }),
  ];
}

/** The form's e-mail once its rules pass (the address a code is sent to), or null. */
export function validatedEmail(form: FormInstance): () => Promise<string | null> {
  return async () => {
    try {
      return String((await form.validateFields(['email'])).email);
    } catch {
      return null;
    }
  };
}
