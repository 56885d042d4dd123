/**
 * The author's side (issue 15; spec 5 "Submission form", 4, 8): a manuscript with two authors and
 * its files, its number, the mail and the history; the bad input of the issue, each with its
 * message in both languages and nothing written; declared conflicts of interest. The window, the
 * limits and later edits: authorWindowAndEdits.test.ts.
 */
import request from 'supertest';
import { describe, expect, test } from 'vitest';
import { attendee, call, DOCX, ok, PDF, submissionBody, upload, MANAGE, type CallSite } from './helpers';
import type { SubmissionView } from '../../../server/contract/submissions';
import { useAuthorSite, h, site, count } from './authorWorld';

useAuthorSite();

test('an author submits with two authors and both files: numbered A-001, files kept, mail and history written', async () => {
  const a = await attendee(h, site.cid);
  const abs = ok<{ name: string }>(await upload(h, site.host, a.token, 'abstractFile', DOCX, '摘要.docx'));
  const full = ok<{ name: string }>(await upload(h, site.host, a.token, 'fullTextFile', PDF, 'paper.pdf'));
  const res = await call(h, site.host, 'post', '/conference/submission', {
    token: a.token,
    body: submissionBody(site, { abstractFile: abs.name, fullTextFile: full.name }),
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  expect(res.body.message).toBe('投稿成功');
  const { id, number, redirect } = res.body.data as { id: number; number: string; redirect: string };
  expect(number).toBe('A-001');
  expect(redirect).toBe('');
  const mine = ok<{ submission: SubmissionView; history: Array<{ to: string; by: string }> }>(
    await call(h, site.host, 'get', `/conference/submission/${id}`, { token: a.token }),
  );
  expect(mine.submission.status).toBe('waiting');
  expect(mine.submission.authors.map((x) => x.surname)).toEqual(['Zhang', 'Smith']);
  expect(mine.submission.abstractFile?.originalName).toBe('摘要.docx');
  expect(mine.submission.fullTextFile?.originalName).toBe('paper.pdf');
  expect(mine.submission.can).toEqual({ edit: true, withdraw: true, resubmit: false });
  expect(mine.history).toMatchObject([{ to: 'waiting', by: 'author' }]);
  const file = await call(h, site.host, 'get', `/conference/submission/${id}/file/fullTextFile`, { token: a.token });
  expect(file.status).toBe(200);
  expect(file.headers['content-disposition']).toContain('A-001-fulltext.pdf');
  // Private: never at /files/, and not for another person.
  expect((await request(h.app).get(`/files/${full.name}`).set('Host', site.host)).status).toBe(404);
  const other = await attendee(h, site.cid);
  expect(
    (await call(h, site.host, 'get', `/conference/submission/${id}/file/fullTextFile`, { token: other.token })).status,
  ).toBe(404);
  const mail = await h.db('mail_outbox').where({ conference_id: site.cid }).orderBy('id', 'desc').first();
  expect(mail!.subject).toContain('稿件已提交');
  expect(mail!.html_body).toContain('A-001');
  // The second in session A is A-002; the first in B is B-001.
  expect(
    ok<{ number: string }>(
      await call(h, site.host, 'post', '/conference/submission', { token: other.token, body: submissionBody(site) }),
    ).number,
  ).toBe('A-002');
  expect(
    ok<{ number: string }>(
      await call(h, site.host, 'post', '/conference/submission', {
        token: other.token,
        body: submissionBody(site, { sessionId: site.sessionB, subSessionId: null }),
      }),
    ).number,
  ).toBe('B-001');
});

describe('bad input: its message, in both languages, and nothing written', () => {
  const cases: Array<[string, (s: CallSite) => Record<string, unknown>, string, string, string]> = [
    [
      'a sub-session of another session',
      (s) => ({ sessionId: s.sessionB, subSessionId: s.subA1 }),
      'subSessionId',
      '子主题不属于所选主题',
      'The sub-session does not belong to the chosen session',
    ],
    [
      'no sub-session where the session has them',
      () => ({ subSessionId: null }),
      'subSessionId',
      '请选择子主题',
      'Choose a sub-session',
    ],
    ['no title', () => ({ title: '  ' }), 'title', '请输入标题', 'Enter the title'],
    ['no session', () => ({ sessionId: undefined }), 'sessionId', '请选择会议主题', 'Choose a session'],
    [
      'a session of nobody',
      () => ({ sessionId: 999999, subSessionId: null }),
      'sessionId',
      '会议主题不存在',
      'The session does not exist',
    ],
    ['no abstract (required)', () => ({ abstract: '' }), 'abstract', '请输入摘要', 'Enter the abstract'],
    [
      'an abstract over the limit',
      () => ({ abstract: 'x'.repeat(2001) }),
      'abstract',
      '摘要最多 2000 字',
      'The abstract is at most 2000 characters',
    ],
    [
      'an author without e-mail (author info required)',
      (s) => ({ authors: [{ ...(submissionBody(s).authors as object[])[0], email: '' }] }),
      'authors.0.email',
      '请输入作者邮箱',
      "Enter the author's e-mail",
    ],
    [
      'an author without surname',
      (s) => ({ authors: [{ ...(submissionBody(s).authors as object[])[0], surname: '' }] }),
      'authors.0.surname',
      '请输入作者姓',
      "Enter the author's surname",
    ],
    ['no author', () => ({ authors: [] }), 'authors', '请至少填写一位作者', 'Add at least one author'],
    [
      'a report type of nobody',
      () => ({ reportTypeId: 999999 }),
      'reportTypeId',
      '报告类型不存在',
      'The report type does not exist',
    ],
    [
      'a file that is not an upload of this person',
      () => ({ fullTextFile: 'abc123.pdf' }),
      'fullTextFile',
      '文件不存在或已过期，请重新上传',
      'The file is missing or expired: upload it again',
    ],
    [
      'a declared conflict with a bad e-mail',
      () => ({ conflicts: [{ email: 'someone@', organisation: '' }] }),
      'conflicts.0.email',
      '利益冲突人员的邮箱格式不正确',
      'The e-mail of a conflict of interest is invalid',
    ],
    [
      'an empty declared conflict',
      () => ({ conflicts: [{ email: 'x@y.org' }, { email: ' ', organisation: '  ' }] }),
      'conflicts.1.email',
      '请填写人员邮箱或单位，或删除该行',
      "Give the person's e-mail or the institution, or remove the line",
    ],
    [
      '21 declared conflicts',
      () => ({ conflicts: Array.from({ length: 21 }, (_, i) => ({ email: `p${i}@x.org` })) }),
      'conflicts',
      '利益冲突最多 20 条',
      'At most 20 conflicts of interest',
    ],
    [
      'declared conflicts that are not a list',
      () => ({ conflicts: 'everyone' }),
      'conflicts',
      '利益冲突信息无效',
      'The conflicts of interest are invalid',
    ],
  ];
  test.each(cases)('%s', async (_name, change, field, zh, en) => {
    const a = await attendee(h, site.cid);
    const before = await count();
    for (const [lang, text] of [
      ['zh', zh],
      ['en', en],
    ] as const) {
      const res = await call(h, site.host, 'post', '/conference/submission', {
        token: a.token,
        lang,
        body: submissionBody(site, change(site)),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.message).toBe(text);
      expect(res.body.field).toBe(field);
    }
    expect(await count()).toBe(before);
  });

  test('a file of a refused type or size is refused at upload and changes nothing', async () => {
    const a = await attendee(h, site.cid);
    const wrongType = await upload(h, site.host, a.token, 'fullTextFile', DOCX, 'paper.docx');
    expect(wrongType.body).toMatchObject({ message: '只能上传以下类型的文件：pdf', field: 'fullTextFile' });
    const big = await upload(
      h,
      site.host,
      a.token,
      'abstractFile',
      Buffer.concat([PDF, Buffer.alloc(6 * 1024 * 1024, 32)]),
      'big.pdf',
    );
    expect(big.body).toMatchObject({ message: '文件不能超过 5 MB', field: 'abstractFile' });
    const fake = await upload(h, site.host, a.token, 'fullTextFile', Buffer.from('not a pdf at all'), 'paper.pdf');
    expect(fake.body.code).not.toBe(200);
    expect(await count()).toBe(await count());
  });

  test("someone else's upload cannot be named in a form", async () => {
    const owner = await attendee(h, site.cid);
    const thief = await attendee(h, site.cid);
    const up = ok<{ name: string }>(await upload(h, site.host, owner.token, 'fullTextFile', PDF, 'mine.pdf'));
    const res = await call(h, site.host, 'post', '/conference/submission', {
      token: thief.token,
      body: submissionBody(site, { fullTextFile: up.name }),
    });
    expect(res.body).toMatchObject({ code: 400, field: 'fullTextFile' });
  });
});

test('declared conflicts of interest: kept in order without repeats, replaced on edit, shown to the author and the managers', async () => {
  const a = await attendee(h, site.cid);
  const conflicts = [
    { email: ' Rival@Lab.example ', organisation: '' },
    { email: '', organisation: '竞争大学' },
    { email: 'rival@lab.example', organisation: '' },
  ];
  const { id } = ok<{ id: number }>(
    await call(h, site.host, 'post', '/conference/submission', {
      token: a.token,
      body: submissionBody(site, { conflicts }),
    }),
  );
  const mine = ok<{ submission: SubmissionView }>(
    await call(h, site.host, 'get', `/conference/submission/${id}`, { token: a.token }),
  );
  expect(mine.submission.conflicts).toEqual([
    { email: 'Rival@Lab.example', organisation: '' },
    { email: '', organisation: '竞争大学' },
  ]);
  const managed = ok<{ submission: SubmissionView }>(
    await call(h, site.host, 'get', `${MANAGE}/${id}`, { token: site.manager }),
  );
  expect(managed.submission.conflicts).toHaveLength(2);
  const edited = ok<SubmissionView>(
    await call(h, site.host, 'put', `/conference/submission/${id}`, {
      token: a.token,
      body: submissionBody(site, { conflicts: [{ email: 'other@lab.example', organisation: 'Other Lab' }] }),
    }),
  );
  expect(edited.conflicts).toEqual([{ email: 'other@lab.example', organisation: 'Other Lab' }]);
  expect(await h.db('submission_conflicts').where({ conference_id: site.cid, submission_id: id })).toHaveLength(1);
  // A refused edit leaves the declarations as they were.
  const bad = await call(h, site.host, 'put', `/conference/submission/${id}`, {
    token: a.token,
    body: submissionBody(site, { title: '', conflicts: [] }),
  });
  expect(bad.status).toBe(400);
  expect(await h.db('submission_conflicts').where({ conference_id: site.cid, submission_id: id })).toHaveLength(1);
});
