/** Reviewer management as the islands call it: a conference with a call, its manager, and the activation key as the mail carries it. */
import ExcelJS from 'exceljs';
import request from 'supertest';
import type { Harness } from '../../helpers/harness';
import { call, callConference, ok, type CallSite } from '../submissions/helpers';
import type { AddResult } from '../../../server/contract/reviewers';

export const BASE = '/conference/platform/manage/review';
export { call, ok };

export async function reviewerSite(h: Harness, slug: string): Promise<CallSite> {
  return callConference(h, slug);
}

export async function addReviewer(h: Harness, site: CallSite, email: string, extra: object = {}): Promise<AddResult> {
  return ok<AddResult>(await call(h, site.host, 'post', BASE, { token: site.manager, body: { email, ...extra } }));
}

/** The newest invitation to `email` in the outbox, and the key of its activation link (null: a link to the review area). */
export async function invitation(h: Harness, email: string): Promise<{ key: string | null; text: string; html: string; count: number }> {
  const rows = await h.db('mail_outbox').where({ to_address: email, kind: 'inviteReviewer' }).orderBy('id', 'desc');
  if (!rows.length) throw new Error(`no invitation to ${email}`);
  const text = String(rows[0].text_body ?? '');
  return { key: /\/review\/active\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? null, text, html: String(rows[0].html_body ?? ''), count: rows.length };
}

/** An .xlsx as a manager fills the template: a header row, then one row per reviewer. */
export async function sheet(rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('Reviewers');
  ws.addRow(['E-mail', 'Full name', 'Organisation', 'Phone', 'Country', 'Direction']);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

export async function importSheet(h: Harness, site: CallSite, bytes: Buffer, lang: 'zh' | 'en' = 'zh', token = site.manager) {
  return request(h.app).post(`/api${BASE}/import`).set('Host', site.host).set('Origin', `http://${site.host}`).set('Cookie', `token=${token}; locale=${lang}`).attach('file', bytes, 'reviewers.xlsx');
}

export const count = async (h: Harness, table: string, where: object): Promise<number> => Number((await h.db(table).where(where).count({ n: '*' }).first())!.n);
