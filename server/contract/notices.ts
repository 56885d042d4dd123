/**
 * Conference notices (spec 3 "Conference notice", 2.10 notice): what a manager writes, and the
 * notice as the API answers it to managers and to signed-in people. No Node imports here.
 */
import { z } from 'zod';
import { endpoint } from './endpoint';

export type NoticeView = {
  id: number;
  titleZh: string;
  titleEn: string;
  sourceZh: string;
  sourceEn: string;
  /** ISO instant */
  time: string;
  contentZh: string;
  contentEn: string;
  file: { name: string; originalName: string; url: string } | null;
};

export const noticeInput = z
  .object({
    titleZh: z.string().trim().max(200, 'notices:titleTooLong').default(''),
    titleEn: z.string().trim().max(200, 'notices:titleTooLong').default(''),
    sourceZh: z.string().trim().max(100, 'notices:sourceTooLong').default(''),
    sourceEn: z.string().trim().max(100, 'notices:sourceTooLong').default(''),
    time: z.string().datetime({ offset: true, message: 'notices:timeInvalid' }),
    contentZh: z.string().max(200_000, 'notices:contentTooLong').default(''),
    contentEn: z.string().max(200_000, 'notices:contentTooLong').default(''),
    /** the stored name of a file uploaded with the files feature's upload */
    file: z.string().max(100).nullable().optional(),
  })
  .refine((v) => v.titleZh || v.titleEn, { message: 'notices:titleRequired', path: ['titleZh'] });
export type NoticeInput = z.infer<typeof noticeInput>;

/** The content as it would be saved: cleaned the same way (server/platform/sanitize.ts). */
export const noticePreviewInput = z.object({ content: z.string().max(200_000, 'notices:contentTooLong').default('') });

const noticeId = z.object({
  id: z.coerce
    .number()
    .int()
    .positive('notices:notFound')
    .max(2 ** 31),
});

const MANAGE = '/conference/platform/manage/notice';

/** Every call that changes the notices answers the whole list, newest first. */
export const noticesApi = {
  mine: endpoint<NoticeView[]>()({ method: 'GET', path: '/conference/notice' }),
  list: endpoint<NoticeView[]>()({ method: 'GET', path: MANAGE }),
  create: endpoint<NoticeView[]>()({ method: 'POST', path: MANAGE, body: noticeInput, done: 'notices:saved' }),
  update: endpoint<NoticeView[]>()({
    method: 'PUT',
    path: `${MANAGE}/:id`,
    params: noticeId,
    body: noticeInput,
    done: 'notices:saved',
  }),
  preview: endpoint<{ html: string }>()({ method: 'POST', path: `${MANAGE}/preview`, body: noticePreviewInput }),
  remove: endpoint<NoticeView[]>()({
    method: 'DELETE',
    path: `${MANAGE}/:id`,
    params: noticeId,
    done: 'notices:deleted',
  }),
};
