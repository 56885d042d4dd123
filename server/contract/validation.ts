/**
 * Field rules shared by the server and the islands (spec section 5), as zod schemas whose
 * messages are the spec's i18n keys. No Node imports here.
 */
import { z } from 'zod';

/**
 * Word characters with optional hyphens or dots, '@', then at least two dot-separated labels
 * whose last one (the TLD) is alphanumeric and at least 2 long (spec 5, "E-mail").
 */
export const EMAIL_PATTERN = /^\w+([-.]\w+)*@[A-Za-z0-9]+([-.][A-Za-z0-9]+)*\.[A-Za-z0-9]{2,}$/;

/** At least 10 characters with letters and digits (spec 5, "Passwords in general"). */
export const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d).{10,128}$/;

/** registerCode: a new account; resetPassCode: a password reset; feedbackCode: the e-mail of a feedback. */
export const CODE_TYPES = ['registerCode', 'resetPassCode', 'feedbackCode'] as const;
export type CodeType = (typeof CODE_TYPES)[number];

export const emailField = z
  .string({ message: 'emailFormatError' })
  .trim()
  .min(1, 'emailFormatError')
  .max(254, 'emailFormatError')
  .regex(EMAIL_PATTERN, 'emailFormatError')
  .transform((v) => v.toLowerCase());

export const passwordField = z.string({ message: 'passwordRequire' }).min(1, 'passwordRequire').max(128, 'passwordCheck').regex(PASSWORD_PATTERN, 'passwordCheck');

export const codeField = z.string({ message: 'inputVerifyCode' }).trim().min(1, 'inputVerifyCode').max(6, 'userReg.verifyCodeError');

export const nameField = z.string({ message: 'nameRequire' }).trim().min(1, 'nameRequire').max(100, 'nameTooLong');

export const codeTypeField = z.enum(CODE_TYPES, { message: 'commonMsg.invalidInput' });

export const sendCodeInput = z.object({ data: z.object({ email: emailField, type: codeTypeField }) });
export const checkCodeInput = z.object({ data: z.object({ email: emailField, type: codeTypeField, code: codeField }) });

export const registerInput = z.object({
  email: emailField,
  trueName: nameField,
  passWord: passwordField,
  verifyCode: codeField,
  handoff: z.lazy(() => handoffField),
});

export const loginInput = z.object({
  email: emailField,
  password: z.string({ message: 'passwordRequire' }).min(1, 'passwordRequire').max(128, 'userReg.userLoginError'),
  handoff: z.lazy(() => handoffField),
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
  handoff: z.lazy(() => handoffField),
});

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

/**
 * A body the caller may leave out altogether: read as `{}`, so an absent body gets the same
 * field messages as an empty one.
 */
export function orEmpty<S extends z.ZodType>(schema: S) {
  return schema.prefault({} as z.input<S>);
}

export function isStrongPassword(password: string): boolean {
  return PASSWORD_PATTERN.test(password);
}
