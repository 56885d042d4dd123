/** A conference with days, a time zone, rooms and accepted manuscripts, for the programme editor's tests. */
import type { Harness } from '../../helpers/harness';
import { contractSite } from '../../fixtures/contractSite';
import { call } from '../orders/helpers';
import { insertId, toDbInstant } from '../../../server/db/dialect';
import type { SubmissionStatus } from '../../../server/contract/submissions';
import { ensureUser } from '../../../server/modules/accounts/service';

export { call };

export const API = '/conference/platform/manage/programme';

export type ProgrammeSite = {
  cid: number;
  host: string;
  manager: string;
  managerId: number;
  sessionId: number;
  oral: number;
  rooms: number[];
};

export async function programmeSite(
  h: Harness,
  slug: string,
  o: { timeZone?: string; startDate?: string; endDate?: string; rooms?: number } = {},
): Promise<ProgrammeSite> {
  const host = `${slug}.localhost`;
  const base = contractSite({ slug, domains: [host] });
  const cid = await h.provision({
    ...base,
    config: { ...base.config, startDate: o.startDate ?? '2027-05-10', endDate: o.endDate ?? '2027-05-12' },
  });
  await h
    .db('conferences')
    .where({ id: cid })
    .update({ time_zone: o.timeZone ?? 'Asia/Shanghai' });
  const email = `chief-${slug}@example.org`;
  const manager = await h.login({ email, name: 'Chief Editor', conferenceId: cid, roles: ['manager'] });
  const managerId = Number((await h.db('users').where({ email }).first())!.id);
  const sessionId = await insertId(
    h.db('submission_sessions').insert({
      conference_id: cid,
      parent_id: null,
      title_zh: '机器学习',
      title_en: 'Machine learning',
      prefix: 'A',
      sort: 1,
    }),
  );
  const oral = await insertId(
    h
      .db('submission_terms')
      .insert({ conference_id: cid, kind: 'reportType', title_zh: '口头报告', title_en: 'Oral', sort: 1 }),
  );
  const rooms: number[] = [];
  for (let i = 0; i < (o.rooms ?? 2); i++) {
    const list = (
      await call(h, host, 'post', `${API}/rooms`, {
        token: manager,
        body: { name: { zh: `会场${i + 1}`, en: `Room ${i + 1}` }, capacity: 100 },
      }).expect(200)
    ).body.data;
    rooms.push(list.at(-1).id);
  }
  return { cid, host, manager, managerId, sessionId, oral, rooms };
}

let seq = 0;
/** An accepted manuscript whose presenting author (the submitter) has an account; returns its id and the author's. */
export async function acceptedPaper(
  h: Harness,
  s: ProgrammeSite,
  o: { title?: string; author?: string; email?: string; lang?: 'zh' | 'en' | null; status?: SubmissionStatus } = {},
): Promise<{ id: number; userId: number; email: string }> {
  const n = ++seq;
  const email = o.email ?? `author${n}-${s.cid}@example.org`;
  const { id: userId } = await ensureUser(h.db, { email, trueName: o.author ?? `Author ${n}` });
  if (o.lang !== undefined) await h.db('users').where({ id: userId }).update({ lang: o.lang });
  const [given, family] = (o.author ?? `Author${n} Person`).split(' ');
  const now = toDbInstant();
  const id = await insertId(
    h.db('submissions').insert({
      conference_id: s.cid,
      user_id: userId,
      number: `A${String(n).padStart(4, '0')}`,
      title: o.title ?? `Paper ${n}`,
      session_id: s.sessionId,
      report_type_id: s.oral,
      abstract: 'An abstract.',
      keywords: 'k',
      status: o.status ?? 'accepted',
      active: true,
      submitted_at: now,
      updated_at: now,
    }),
  );
  await h.db('submission_authors').insert({
    conference_id: s.cid,
    submission_id: id,
    position: 0,
    name: given,
    surname: family ?? '',
    email,
    company: 'Tsinghua University',
  });
  await h.db('submission_authors').insert({
    conference_id: s.cid,
    submission_id: id,
    position: 1,
    name: 'Co',
    surname: `Author${n}`,
    email: `co${n}@example.org`,
    company: 'MIT',
  });
  return { id, userId, email };
}
