/**
 * Field rules shared by the server and the islands (spec section 5), as zod schemas whose
 * messages are the spec's i18n keys. No Node imports here.
 */
import { z } from 'zod';

import { EMAIL_PATTERN } from './patterns';

export { EMAIL_PATTERN };

/** At least 10 characters with letters and digits (spec 5, "Passwords in general"). */
export const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d).{10,128}$/;

/** registerCode: a new account; resetPassCode: a password reset; feedbackCode: the e-mail of a feedback. */
export const CODE_TYPES = ['registerCode', 'resetPassCode', 'feedbackCode'] as const;
export type CodeType = (typeof CODE_TYPES)[number];
/** Every purpose a code is sent for: the public ones above, and the erasure of one's own account (sent only to the signed-in person's address). */
export type CodePurpose = CodeType | 'erasureCode';

export const emailField = z
  .string({ message: 'emailFormatError' })
  .trim()
  .min(1, 'emailFormatError')
  .max(254, 'emailFormatError')
  .regex(EMAIL_PATTERN, 'emailFormatError')
  .transform((v) => v.toLowerCase());

export const passwordField = z
  .string({ message: 'passwordRequire' })
  .min(1, 'passwordRequire')
  .max(128, 'passwordCheck')
  .regex(PASSWORD_PATTERN, 'passwordCheck');

export const codeField = z
  .string({ message: 'inputVerifyCode' })
  .trim()
  .min(1, 'inputVerifyCode')
  .max(6, 'userReg.verifyCodeError');

export const nameField = z.string({ message: 'nameRequire' }).trim().min(1, 'nameRequire').max(100, 'nameTooLong');

export const codeTypeField = z.enum(CODE_TYPES, { message: 'commonMsg.invalidInput' });

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
