/**
 * antd rules for the account forms that still use antd (the reset form, the profile), made of
 * the same checks as the plain forms (accountChecks.ts). Each rule the browser applies is applied
 * again by the server; these only give the message early.
 */
import type { FormInstance, FormRule } from 'antd';
import { EMAIL_PATTERN } from '../../server/contract/validation';
import { codeCheck, confirmCheck, emailAvailability, passwordStrength, type T } from './accountChecks';

const fail = (message: string | null) => {
  if (message) throw new Error(message);
};

/** mode 'new': the address must not have an account; 'existing': it must (a reset). */
export function emailRules(t: T, mode: 'new' | 'existing'): FormRule[] {
  return [
    { required: true, message: t('emailFormatError') },
    { pattern: EMAIL_PATTERN, message: t('emailFormatError') },
    { validator: async (_, value: string) => fail(await emailAvailability(t, mode, value)) },
  ];
}

export function codeRules(t: T, type: 'registerCode' | 'resetPassCode', form: FormInstance): FormRule[] {
  return [
    { required: true, message: t('inputVerifyCode') },
    {
      validator: async (_, value: string) =>
        value ? fail(await codeCheck(t, type, form.getFieldValue('email') as string, value)) : undefined,
    },
  ];
}

export function passwordRules(t: T): FormRule[] {
  return [
    { required: true, message: t('passwordRequire') },
    { validator: async (_, value: string) => (value ? fail(await passwordStrength(t, value)) : undefined) },
  ];
}

export function confirmRules(t: T, field = 'password'): FormRule[] {
  return [
    { required: true, message: t('confirmPasswordRequire') },
    ({ getFieldValue }) => ({
      validator: async (_, value: string) =>
        value ? fail(confirmCheck(t, getFieldValue(field) as string, value)) : undefined,
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
