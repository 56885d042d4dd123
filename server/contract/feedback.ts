import { z } from 'zod';
import { emailField } from './validation';
import { PHONE_PATTERN } from './registration';
import { endpoint, type Download } from './endpoint';

/** What a person writes to the organisers. */
export const feedbackInput = z.object({
  title: z
    .string({ message: 'feedback:titleRequired' })
    .trim()
    .min(1, 'feedback:titleRequired')
    .max(200, 'feedback:titleTooLong'),
  name: z.string().trim().max(100, 'nameTooLong').default(''),
  email: emailField,
  phone: z
    .string()
    .trim()
    .max(40, 'phoneRequire')
    .default('')
    .refine((v) => v === '' || PHONE_PATTERN.test(v), 'phoneRequire'),
  type: z
    .string({ message: 'feedback:typeRequired' })
    .trim()
    .min(1, 'feedback:typeRequired')
    .max(100, 'feedback:typeRequired'),
  content: z
    .string({ message: 'feedback:contentRequired' })
    .trim()
    .min(1, 'feedback:contentRequired')
    .max(5000, 'feedback:contentTooLong'),
  attachment: z.string().max(100).nullable().optional(),
  // Not needed from one's own verified account address (the service decides).
  verifyCode: z.string({ message: 'inputVerifyCode' }).trim().max(10, 'userReg.verifyCodeError').default(''),
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

/** The path parameter of one feedback. */
export const feedbackIdParam = z.object({
  id: z.coerce
    .number()
    .int()
    .positive('feedback:notFound')
    .max(2 ** 31),
});

export type FeedbackPage = { rows: FeedbackView[]; total: number };

const MINE = '/conference/feedback';
const MANAGE = '/conference/platform/manage/feedback';

/** The feedback API: a person's own, and the managers'. */
export const feedbackApi = {
  upload: endpoint<{ name: string; originalName: string }>()({ method: 'POST', path: `${MINE}/upload` }),
  submit: endpoint<FeedbackView>()({ method: 'POST', path: MINE, body: feedbackInput, done: 'feedback:sent' }),
  mine: endpoint<FeedbackView[]>()({ method: 'GET', path: `${MINE}/mine` }),
  mineOne: endpoint<FeedbackView>()({ method: 'GET', path: `${MINE}/mine/:id`, params: feedbackIdParam }),
  mineAttachment: endpoint<Download>()({ method: 'GET', path: `${MINE}/mine/:id/attachment`, params: feedbackIdParam }),
  list: endpoint<FeedbackPage>()({
    method: 'GET',
    path: MANAGE,
    query: z.object({
      page: z.coerce.number().int().min(1).default(1),
      size: z.coerce.number().int().min(1).max(100).default(20),
      replied: z.enum(['yes', 'no']).optional(),
    }),
  }),
  reply: endpoint<FeedbackView>()({
    method: 'POST',
    path: `${MANAGE}/:id/reply`,
    params: feedbackIdParam,
    body: z.object({ reply: z.string().trim().min(1, 'feedback:replyRequired').max(5000, 'feedback:contentTooLong') }),
    done: 'feedback:replied',
  }),
  attachment: endpoint<Download>()({ method: 'GET', path: `${MANAGE}/:id/attachment`, params: feedbackIdParam }),
};
