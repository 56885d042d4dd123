/**
 * Conference notices (spec 3 "Conference notice", 2.10 notice): managers write them — title and
 * source in both languages, time, content as rich text, a file — and signed-in people read
 * them in the personal centre. The content is cleaned when saved (sanitizeHtml: no scripts,
 * handlers or javascript: links), since the personal centre shows it as HTML.
 */
import { Router } from 'express';
import { z } from 'zod';
import type { Db } from '../../db/index';
import { fromDbInstant, insertId, toDbInstant } from '../../db/dialect';
import { access, conferenceOf, screen } from '../../platform/access';
import type { Deps } from '../../platform/feature';
import { AppError, sendOk } from '../../platform/errors';
import { parseInput } from '../../platform/validate';
import { t } from '../../platform/i18n';
import { sanitizeHtml } from '../../platform/sanitize';
import { urlOf } from '../files/service';

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

type Row = { id: number; conference_id: number; title_zh: string; title_en: string; source_zh: string; source_en: string; published_at: string; content_zh: string | null; content_en: string | null; file: string | null; file_name: string | null };

export const noticeInput = z
  .object({
    titleZh: z.string().trim().max(200, 'notices:titleTooLong').default(''),
    titleEn: z.string().trim().max(200, 'notices:titleTooLong').default(''),
    sourceZh: z.string().trim().max(100, 'notices:sourceTooLong').default(''),
    sourceEn: z.string().trim().max(100, 'notices:sourceTooLong').default(''),
    time: z.string().datetime({ offset: true, message: 'notices:timeInvalid' }),
    contentZh: z.string().max(200_000, 'notices:contentTooLong').default(''),
    contentEn: z.string().max(200_000, 'notices:contentTooLong').default(''),
    file: z.string().max(100).nullable().optional(),
  })
  .refine((v) => v.titleZh || v.titleEn, { message: 'notices:titleRequired', path: ['titleZh'] });

const present = (r: Row): NoticeView => ({
  id: Number(r.id),
  titleZh: r.title_zh,
  titleEn: r.title_en,
  sourceZh: r.source_zh,
  sourceEn: r.source_en,
  time: fromDbInstant(r.published_at)!.toISOString(),
  contentZh: r.content_zh ?? '',
  contentEn: r.content_en ?? '',
  file: r.file ? { name: r.file, originalName: r.file_name ?? r.file, url: urlOf(r.file) } : null,
});

export async function listNotices(db: Db, conferenceId: number): Promise<NoticeView[]> {
  return ((await db<Row>('notices').where({ conference_id: conferenceId }).orderBy('published_at', 'desc').orderBy('id', 'desc')) as Row[]).map(present);
}

const idParam = z.object({ id: z.coerce.number().int().positive('notices:notFound').max(2 ** 31) });
const BASE = '/conference/platform/manage/notice';

export function noticeApiRouter({ db, files }: Deps): Router {
  const router = Router();

  async function values(conferenceId: number, input: z.infer<typeof noticeInput>) {
    let fileName: string | null = null;
    if (input.file) {
      const found = await files.find(conferenceId, input.file);
      if (!found || found.file.kind !== 'file') throw new AppError(400, 'notices:fileMissing', 'file');
      fileName = found.file.originalName;
    }
    return {
      title_zh: input.titleZh, title_en: input.titleEn, source_zh: input.sourceZh, source_en: input.sourceEn,
      published_at: toDbInstant(new Date(input.time)), content_zh: sanitizeHtml(input.contentZh), content_en: sanitizeHtml(input.contentEn),
      file: input.file ?? null, file_name: fileName, updated_at: toDbInstant(),
    };
  }

  router.get('/conference/notice', access('user', 'conference'), async (req, res) => sendOk(res, await listNotices(db, conferenceOf(req))));
  router.get(BASE, access('manager'), async (req, res) => sendOk(res, await listNotices(db, conferenceOf(req))));
  router.post(BASE, access('manager'), async (req, res) => {
    const row = await values(conferenceOf(req), parseInput(noticeInput, req.body));
    await insertId(db('notices').insert({ ...row, conference_id: conferenceOf(req), created_at: toDbInstant() }));
    sendOk(res, await listNotices(db, conferenceOf(req)), 'notices:saved');
  });
  router.put(`${BASE}/:id`, access('manager'), async (req, res) => {
    const { id } = parseInput(idParam, req.params);
    const row = await values(conferenceOf(req), parseInput(noticeInput, req.body));
    if (!(await db('notices').where({ conference_id: conferenceOf(req), id }).update(row))) throw new AppError(404, 'notices:notFound');
    sendOk(res, await listNotices(db, conferenceOf(req)), 'notices:saved');
  });
  router.delete(`${BASE}/:id`, access('manager'), async (req, res) => {
    const { id } = parseInput(idParam, req.params);
    if (!(await db('notices').where({ conference_id: conferenceOf(req), id }).delete())) throw new AppError(404, 'notices:notFound');
    sendOk(res, await listNotices(db, conferenceOf(req)), 'notices:deleted');
  });
  return router;
}

export function noticePageRouter({ db, shell }: Deps): Router {
  const router = Router();
  router.get('/profile/notice', screen('user', 'conference'), async (req, res) => {
    const { lang, mobile } = req.ctx;
    await shell.profileScreen(req, res, { title: t(lang, 'notices:title'), island: { island: 'ProfileNotices', props: { lang, mobile, notices: await listNotices(db, conferenceOf(req)) } } });
  });
  router.get('/platform/manage/notice', screen('manager'), async (req, res) => {
    const { lang, mobile } = req.ctx;
    await shell.manageScreen(req, res, { title: t(lang, 'notices:manageTitle'), island: { island: 'ManageNotices', props: { lang, mobile, notices: await listNotices(db, conferenceOf(req)) } } });
  });
  return router;
}
