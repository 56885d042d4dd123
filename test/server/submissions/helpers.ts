/** A conference with registration and a call for papers set up, and its authors, for the submission tests. */
import request from 'supertest';
import type { Harness } from '../../helpers/harness';
import { call as callRaw, feeConference } from '../orders/helpers';
import { t } from '../../../server/platform/i18n';
import { dayFromToday } from '../fees/helpers';
import type { ContributeConfig } from '../../../server/contract/submissions';

export { attendee } from '../orders/helpers';
export { dayFromToday } from '../fees/helpers';

export const CONFIG = '/conference/platform/config/contribute';
export const MANAGE = '/conference/platform/manage/contribute';

/** A small real PDF and a Word file's zip signature: the upload sniffer checks the bytes. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
export const DOCX = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 1)]);

/** The call as the island saves it: open from 10 days ago to 20 days ahead, second deadline 40 days ahead. */
export function settingsBody(change: object = {}): Record<string, unknown> {
  return {
    enabled: true,
    startDate: dayFromToday(-10),
    endDate: dayFromToday(20),
    secondDeadline: dayFromToday(40),
    abstractMode: 'required',
    abstractMaxChars: 2000,
    abstractFile: { mode: 'optional', types: ['pdf', 'docx'], maxMb: 5 },
    fullText: { mode: 'optional', types: ['pdf'], maxMb: 10 },
    authorInfo: 'required',
    category: 'optional',
    reportType: 'optional',
    keywords: 'optional',
    limitPerPerson: false,
    maxPerPerson: 0,
    maxTotal: 0,
    instructionsZh: '<p>请按模板撰写摘要</p>',
    instructionsEn: '<p>Use the template</p>',
    editAfterAccept: false,
    ...change,
  };
}

export type CallSite = {
  cid: number;
  host: string;
  manager: string;
  sessionA: number;
  subA1: number;
  subA2: number;
  sessionB: number;
  reportType: number;
  category: number;
};

/**
 * A call as the island makes it, with the answer's message translated as the island shows it
 * (the API answers message keys; `key` keeps the key).
 */
export async function call(
  h: Harness,
  host: string,
  method: 'get' | 'post' | 'put' | 'delete',
  path: string,
  opts: { token?: string; body?: object; lang?: 'zh' | 'en' } = {},
) {
  const res = await callRaw(h, host, method, path, opts);
  return said(res, opts.lang);
}

function said<R extends { body: { message?: string; params?: Record<string, string>; key?: string } }>(
  res: R,
  lang: 'zh' | 'en' = 'zh',
): R {
  if (res.body && typeof res.body.message === 'string') {
    res.body.key = res.body.message;
    res.body.message = t(lang, res.body.message, res.body.params);
  }
  return res;
}

function ok<T>(res: { body: { code: number; data?: unknown } }): T {
  if (res.body.code !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.data as T;
}

/** A conference with a call: session A (prefix A, two sub-sessions), session B (prefix B, none), a report type and a category. */
export async function callConference(h: Harness, slug: string, settings: object = {}): Promise<CallSite> {
  const { cid, host } = await feeConference(h, slug);
  await h.db('registration_settings').where({ conference_id: cid }).update({ costs_set: false });
  const manager = await h.login({ email: `cfp-manager-${slug}@example.org`, conferenceId: cid, roles: ['manager'] });
  ok(await call(h, host, 'put', `${CONFIG}/settings`, { token: manager, body: settingsBody(settings) }));
  let c = ok<ContributeConfig>(
    await call(h, host, 'post', `${CONFIG}/sessions`, {
      token: manager,
      body: { titleZh: '机器学习', titleEn: 'Machine learning', prefix: 'A', sort: 1 },
    }),
  );
  const sessionA = c.sessions[0].id;
  ok(
    await call(h, host, 'post', `${CONFIG}/sessions`, {
      token: manager,
      body: { parentId: sessionA, titleZh: '图学习', titleEn: 'Graph learning', sort: 1 },
    }),
  );
  ok(
    await call(h, host, 'post', `${CONFIG}/sessions`, {
      token: manager,
      body: { parentId: sessionA, titleZh: '强化学习', titleEn: 'Reinforcement learning', sort: 2 },
    }),
  );
  c = ok<ContributeConfig>(
    await call(h, host, 'post', `${CONFIG}/sessions`, {
      token: manager,
      body: { titleZh: '数据库', titleEn: 'Databases', prefix: 'B', sort: 2 },
    }),
  );
  const [subA1, subA2] = c.sessions[0].children.map((s) => s.id);
  const sessionB = c.sessions[1].id;
  c = ok<ContributeConfig>(
    await call(h, host, 'post', `${CONFIG}/terms/reportType`, {
      token: manager,
      body: { titleZh: '口头报告', titleEn: 'Oral' },
    }),
  );
  c = ok<ContributeConfig>(
    await call(h, host, 'post', `${CONFIG}/terms/category`, {
      token: manager,
      body: { titleZh: '学术论文', titleEn: 'Research paper' },
    }),
  );
  return {
    cid,
    host,
    manager,
    sessionA,
    subA1,
    subA2,
    sessionB,
    reportType: c.reportTypes[0].id,
    category: c.categories[0].id,
  };
}

/** A manuscript as the island sends it, in session A's first sub-session, with two authors. */
export function submissionBody(site: CallSite, change: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Scalable graph learning on heterogeneous hardware',
    sessionId: site.sessionA,
    subSessionId: site.subA1,
    reportTypeId: site.reportType,
    categoryId: site.category,
    abstract: 'We present a method for training graph neural networks at scale.',
    keywords: 'graphs; GPUs',
    abstractFile: '',
    fullTextFile: '',
    authors: [
      {
        name: 'Wei',
        surname: 'Zhang',
        email: 'zhang.wei@example.org',
        phone: '+86 10 8888 0000',
        country: 'China',
        company: 'Tsinghua University',
        corresponding: true,
      },
      {
        name: 'Alice',
        surname: 'Smith',
        email: 'alice@example.org',
        phone: '+1 555 0100',
        country: 'United States',
        company: 'MIT',
        corresponding: false,
      },
    ],
    ...change,
  };
}

/** Uploads a file for a slot as the island does; answers the envelope. */
export async function upload(
  h: Harness,
  host: string,
  token: string,
  slot: 'abstractFile' | 'fullTextFile',
  bytes: Buffer,
  name: string,
) {
  return said(
    await request(h.app)
      .post(`/api/conference/submission/upload?slot=${slot}`)
      .set('Host', host)
      .set('Origin', `http://${host}`)
      .set('Cookie', `token=${token}`)
      .attach('file', bytes, name),
  );
}

export { ok };
