/** Reviewer management as the islands call it: a conference with a call, its manager, and the activation key as the mail carries it. */
import ExcelJS from 'exceljs';
import request from 'supertest';
import type { Harness } from '../../helpers/harness';
import { call, callConference, ok, type CallSite } from '../submissions/helpers';
import type { AddResult, ImportSummary } from '../../../server/contract/reviewers';
import type { WorkView } from '../../../server/contract/work';
import { finishWork } from '../../helpers/work';

export const BASE = '/conference/platform/manage/review';
export { call, ok };

export async function reviewerSite(h: Harness, slug: string): Promise<CallSite> {
  return callConference(h, slug);
}

export async function addReviewer(h: Harness, site: CallSite, email: string, extra: object = {}): Promise<AddResult> {
  return ok<AddResult>(await call(h, site.host, 'post', BASE, { token: site.manager, body: { email, ...extra } }));
}

/** The newest invitation to `email` in the outbox, and the key of its activation link (null: a link to the review area). */
export async function invitation(
  h: Harness,
  email: string,
): Promise<{ key: string | null; text: string; html: string; count: number }> {
  const rows = await h.db('mail_outbox').where({ to_address: email, kind: 'inviteReviewer' }).orderBy('id', 'desc');
  if (!rows.length) throw new Error(`no invitation to ${email}`);
  const text = String(rows[0].text_body ?? '');
  return {
    key: /\/review\/active\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? null,
    text,
    html: String(rows[0].html_body ?? ''),
    count: rows.length,
  };
}

/** An .xlsx as a manager fills the template: a header row, then one row per reviewer. */
export async function sheet(rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('Reviewers');
  ws.addRow(['E-mail', 'Full name', 'Organisation', 'Phone', 'Country', 'Direction']);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

export async function importSheet(
  h: Harness,
  site: CallSite,
  bytes: Buffer,
  lang: 'zh' | 'en' = 'zh',
  token = site.manager,
) {
  return request(h.app)
    .post(`/api${BASE}/import`)
    .set('Host', site.host)
    .set('Origin', `http://${site.host}`)
    .set('Cookie', `token=${token}; locale=${lang}`)
    .attach('file', bytes, 'reviewers.xlsx');
}

/** The import's work (202 at once, issue 30), followed until it ends. */
export async function importWork(
  h: Harness,
  site: CallSite,
  bytes: Buffer,
  lang: 'zh' | 'en' = 'zh',
): Promise<WorkView> {
  const res = await importSheet(h, site, bytes, lang);
  if (res.status !== 202) throw new Error(`import not started: ${res.status} ${JSON.stringify(res.body)}`);
  return finishWork(h.app, { host: site.host, token: site.manager }, res.body.data);
}

/** The summary of an import that ended (done): the reviewers added, or the sheet's bad rows. */
export async function imported(
  h: Harness,
  site: CallSite,
  bytes: Buffer,
  lang: 'zh' | 'en' = 'zh',
): Promise<ImportSummary> {
  const work = await importWork(h, site, bytes, lang);
  if (work.state !== 'done') throw new Error(`import ${work.state}: ${work.error}`);
  return work.summary as ImportSummary;
}

export const count = async (h: Harness, table: string, where: object): Promise<number> =>
  Number((await h.db(table).where(where).count({ n: '*' }).first())!.n);
