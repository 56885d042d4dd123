import { z } from 'zod';
import { emailField } from './validation';
import { PHONE_PATTERN } from './registration';

/** What a person writes to the organisers. */
export const feedbackInput = z.object({
  title: z.string({ message: 'feedback:titleRequired' }).trim().min(1, 'feedback:titleRequired').max(200, 'feedback:titleTooLong'),
  name: z.string().trim().max(100, 'nameTooLong').default(''),
  email: emailField,
  phone: z.string().trim().max(40, 'phoneRequire').default('').refine((v) => v === '' || PHONE_PATTERN.test(v), 'phoneRequire'),
  type: z.string({ message: 'feedback:typeRequired' }).trim().min(1, 'feedback:typeRequired').max(100, 'feedback:typeRequired'),
  content: z.string({ message: 'feedback:contentRequired' }).trim().min(1, 'feedback:contentRequired').max(5000, 'feedback:contentTooLong'),
  attachment: z.string().max(100).nullable().optional(),
  verifyCode: z.string({ message: 'inputVerifyCode' }).trim().min(1, 'inputVerifyCode').max(10, 'userReg.verifyCodeError'),
});
export type FeedbackInput = z.infer<typeof feedbackInput>;

/** A feedback as the API answers it, to its writer and to the managers. No Node imports here. */
export type FeedbackView = {
  id: number;
  title: string;
  name: string;
  email: string;
  phone: string;
  type: string;
  content: string;
  attachment: { name: string; originalName: string } | null;
  reply: string | null;
  /** ISO instants */
  repliedAt: string | null;
  createdAt: string;
};
