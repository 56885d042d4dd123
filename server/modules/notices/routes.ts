/**
 * Conference notices (spec 3 "Conference notice", 2.10 notice): managers write them — title and
 * source in both languages, time, content as rich text, a file — and signed-in people read
 * them in the personal centre. The content is cleaned when saved (sanitizeHtml: no scripts,
 * handlers or javascript: links), since the personal centre shows it as HTML.
 */
import { Router } from 'express';
import type { Db } from '../../db/index';
import { toDbInstant } from '../../db/dialect';
import { access, conferenceOf, screen, userOf } from '../../platform/access';
import type { Deps } from '../../platform/feature';
import { AppError } from '../../platform/errors';
import { route } from '../../platform/route';
import { t } from '../../platform/i18n';
import { noticesApi, type NoticeInput, type NoticeView } from '../../contract/notices';
import { sanitizeHtml } from '../../platform/sanitize';
import { urlOf } from '../files/index';
import { markSeen } from './reads';
import * as repo from './repo';

const present = (r: repo.Notice): NoticeView => ({
  id: r.id,
  titleZh: r.title_zh,
  titleEn: r.title_en,
  sourceZh: r.source_zh,
  sourceEn: r.source_en,
  time: r.published_at.toISOString(),
  contentZh: r.content_zh ?? '',
  contentEn: r.content_en ?? '',
  file: r.file ? { name: r.file, originalName: r.file_name ?? r.file, url: urlOf(r.file) } : null,
});

export async function listNotices(db: Db, conferenceId: number): Promise<NoticeView[]> {
  return (await repo.noticesOf(db, conferenceId)).map(present);
}

export function noticeApiRouter({ db, files }: Deps): Router {
  const router = Router();

  async function values(conferenceId: number, input: NoticeInput): Promise<repo.NoticeValues> {
    let fileName: string | null = null;
    if (input.file) {
      // The row is enough: the bytes are not read to name them.
      const found = await files.stat(conferenceId, input.file);
      if (!found || found.kind !== 'file') throw new AppError(400, 'notices:fileMissing', { field: 'file' });
      fileName = found.originalName;
    }
    return {
      title_zh: input.titleZh,
      title_en: input.titleEn,
      source_zh: input.sourceZh,
      source_en: input.sourceEn,
      published_at: toDbInstant(new Date(input.time)),
      content_zh: sanitizeHtml(input.contentZh),
      content_en: sanitizeHtml(input.contentEn),
      file: input.file ?? null,
      file_name: fileName,
      updated_at: toDbInstant(),
    };
  }

  route(router, noticesApi.mine, access('user', 'conference'), async (_input, req) =>
    listNotices(db, conferenceOf(req)),
  );
  route(router, noticesApi.list, access('manager'), async (_input, req) => listNotices(db, conferenceOf(req)));
  // What the personal centre will show: the same cleaning as a save, and nothing stored.
  route(router, noticesApi.preview, access('manager'), async ({ body }) => ({ html: sanitizeHtml(body.content) }));
  route(router, noticesApi.create, access('manager'), async ({ body }, req) => {
    const row = await values(conferenceOf(req), body);
    await repo.insertNotice(db, conferenceOf(req), row);
    return listNotices(db, conferenceOf(req));
  });
  // The id is checked before the notice (destructuring reads params first).
  route(router, noticesApi.update, access('manager'), async ({ params: { id }, body }, req) => {
    const row = await values(conferenceOf(req), body);
    if (!(await repo.updateNotice(db, conferenceOf(req), id, row))) throw new AppError(404, 'notices:notFound');
    return listNotices(db, conferenceOf(req));
  });
  route(router, noticesApi.remove, access('manager'), async ({ params: { id } }, req) => {
    if (!(await repo.deleteNotice(db, conferenceOf(req), id))) throw new AppError(404, 'notices:notFound');
    return listNotices(db, conferenceOf(req));
  });
  return router;
}

export function noticePageRouter({ db, shell }: Deps): Router {
  const router = Router();
  router.get('/profile/notice', screen('user', 'conference'), async (req, res) => {
    const { lang, mobile } = req.ctx;
    // Seen from now on; the ones published since the last visit are marked new on this page.
    const before = await markSeen(db, conferenceOf(req), userOf(req));
    const seenBefore = before ? before.toISOString() : null;
    await shell.profileScreen(req, res, {
      title: t(lang, 'notices:title'),
      island: {
        island: 'ProfileNotices',
        props: { lang, mobile, seenBefore, notices: await listNotices(db, conferenceOf(req)) },
      },
    });
  });
  router.get('/platform/manage/notice', screen('manager'), async (req, res) => {
    const { lang, mobile } = req.ctx;
    await shell.manageScreen(req, res, {
      title: t(lang, 'notices:manageTitle'),
      island: { island: 'ManageNotices', props: { lang, mobile, notices: await listNotices(db, conferenceOf(req)) } },
    });
  });
  return router;
}
