/**
 * The call for papers' configuration (issue 15; spec 3, 5 "Submission config"): the settings'
 * rules in both languages, sessions with sub-sessions ('Has children, delete failed'), report
 * types and categories, the book's layout — every refusal changes nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import {
  attendee,
  call,
  callConference,
  CONFIG,
  dayFromToday,
  ok,
  settingsBody,
  submissionBody,
  type CallSite,
} from './helpers';
import type { ContributeConfig } from '../../../server/contract/submissions';

let h: Harness;
let site: CallSite;

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  site = await callConference(h, 'cfp-config');
});
afterAll(() => h?.stop());

const config = async () => ok<ContributeConfig>(await call(h, site.host, 'get', CONFIG, { token: site.manager }));

test('the saved settings read back, the instructions sanitised', async () => {
  const saved = ok<ContributeConfig>(
    await call(h, site.host, 'put', `${CONFIG}/settings`, {
      token: site.manager,
      body: settingsBody({
        instructionsEn: '<p onclick="x()">Hi<script>alert(1)</script></p>',
        limitPerPerson: true,
        maxPerPerson: 3,
      }),
    }),
  );
  expect(saved.settings).toMatchObject({
    saved: true,
    enabled: true,
    limitPerPerson: true,
    maxPerPerson: 3,
    abstractFile: { mode: 'optional', types: ['pdf', 'docx'], maxMb: 5 },
  });
  expect(saved.settings.instructionsEn).toBe('<p>Hi</p>');
  expect(saved.sessions.map((s) => [s.prefix, s.children.length])).toEqual([
    ['A', 2],
    ['B', 0],
  ]);
});

describe('the settings rules, in both languages', () => {
  const cases: Array<[string, object, string, string, string]> = [
    [
      'the end before the start',
      { startDate: dayFromToday(5), endDate: dayFromToday(1) },
      'endDate',
      '截止日期不能早于开始日期',
      'The end date cannot be before the start date',
    ],
    [
      'the second deadline before the start',
      { startDate: dayFromToday(5), endDate: dayFromToday(9), secondDeadline: dayFromToday(4) },
      'secondDeadline',
      '二次投稿截止日期不能早于开始日期',
      'The second-submission deadline cannot be before the start date',
    ],
    ['no start date', { startDate: '' }, 'startDate', '请选择开始日期', 'Choose the start date'],
    [
      'a file asked for with no type',
      { fullText: { mode: 'required', types: [], maxMb: 5 } },
      'fullText',
      '请至少选择一种文件类型',
      'Choose at least one file type',
    ],
    [
      'a file of 21 MB',
      { fullText: { mode: 'required', types: ['pdf'], maxMb: 21 } },
      'fullText.maxMb',
      '文件大小上限应为 1–20 MB',
      'The size limit must be 1–20 MB',
    ],
    [
      'a type uploads never take',
      { abstractFile: { mode: 'optional', types: ['exe'], maxMb: 5 } },
      'abstractFile.types.0',
      '不支持的文件类型',
      'File type not allowed',
    ],
    [
      'a limit per person of 0',
      { limitPerPerson: true, maxPerPerson: 0 },
      'maxPerPerson',
      '每人最多投稿数应为 1–100',
      'The maximum per person must be 1–100',
    ],
    [
      'a mode that is not one',
      { keywords: 'sometimes' },
      'keywords',
      '请选择必填、选填或隐藏',
      'Choose required, optional or hidden',
    ],
  ];
  test.each(cases)('%s', async (_n, change, field, zh, en) => {
    const before = await config();
    for (const [lang, text] of [
      ['zh', zh],
      ['en', en],
    ] as const) {
      const res = await call(h, site.host, 'put', `${CONFIG}/settings`, {
        token: site.manager,
        lang,
        body: settingsBody(change),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body).toMatchObject({ message: text, field });
    }
    expect(await config()).toEqual(before);
  });
});

describe('sessions, report types, categories', () => {
  test("a session with sub-sessions is not deleted: 'Has children, delete failed'", async () => {
    const res = await call(h, site.host, 'delete', `${CONFIG}/sessions/${site.sessionA}`, {
      token: site.manager,
      lang: 'en',
    });
    expect(res.body).toMatchObject({ code: 409, message: 'Has children, delete failed' });
    expect((await config()).sessions[0].children).toHaveLength(2);
  });

  test('a sub-session cannot have children; a prefix is letters and digits; titles in both languages', async () => {
    const deeper = await call(h, site.host, 'post', `${CONFIG}/sessions`, {
      token: site.manager,
      body: { parentId: site.subA1, titleZh: '深', titleEn: 'Deep' },
    });
    expect(deeper.body).toMatchObject({ code: 400, field: 'parentId', message: '上级主题不存在或本身是子主题' });
    const prefix = await call(h, site.host, 'post', `${CONFIG}/sessions`, {
      token: site.manager,
      lang: 'en',
      body: { titleZh: '坏', titleEn: 'Bad', prefix: 'A B<' },
    });
    expect(prefix.body).toMatchObject({
      code: 400,
      field: 'prefix',
      message: 'The prefix is at most 10 letters, digits, - or _',
    });
    const title = await call(h, site.host, 'post', `${CONFIG}/sessions`, {
      token: site.manager,
      body: { titleZh: '', titleEn: 'No Chinese' },
    });
    expect(title.body).toMatchObject({ code: 400, field: 'titleZh', message: '请输入会议主题的中英文名称' });
  });

  test('a session, report type or category in use is kept; unused ones are deleted', async () => {
    const a = await attendee(h, site.cid);
    ok(await call(h, site.host, 'post', '/conference/submission', { token: a.token, body: submissionBody(site) }));
    expect(
      (await call(h, site.host, 'delete', `${CONFIG}/sessions/${site.subA1}`, { token: site.manager })).body,
    ).toMatchObject({ code: 409, message: '已有稿件使用该主题，无法删除' });
    expect(
      (await call(h, site.host, 'delete', `${CONFIG}/terms/category/${site.category}`, { token: site.manager })).body,
    ).toMatchObject({ code: 409, message: '已有稿件使用该项，无法删除' });
    const gone = ok<ContributeConfig>(
      await call(h, site.host, 'delete', `${CONFIG}/sessions/${site.subA2}`, { token: site.manager }),
    );
    expect(gone.sessions[0].children.map((c) => c.id)).toEqual([site.subA1]);
    const term = ok<ContributeConfig>(
      await call(h, site.host, 'post', `${CONFIG}/terms/category`, {
        token: site.manager,
        body: { titleZh: '综述', titleEn: 'Survey' },
      }),
    );
    const survey = term.categories.find((c) => c.titleEn === 'Survey')!;
    expect(
      ok<ContributeConfig>(
        await call(h, site.host, 'delete', `${CONFIG}/terms/category/${survey.id}`, { token: site.manager }),
      ).categories.map((c) => c.titleEn),
    ).toEqual(['Research paper']);
    // Another conference's session is not found here.
    const other = await callConference(h, 'cfp-config-other');
    expect(
      (await call(h, site.host, 'delete', `${CONFIG}/sessions/${other.sessionB}`, { token: site.manager })).body.code,
    ).toBe(404);
  });

  test('the layout: 1, 2 or 4 per page, sizes 6–24; a change marks the book stale', async () => {
    const before = Number((await h.db('submission_settings').where({ conference_id: site.cid }).first())!.book_version);
    const layout = {
      perPage: 4,
      showNumber: false,
      title: { font: 'serif', size: 12, bold: true, italic: false },
      author: { font: 'sans', size: 9, bold: false, italic: true },
      content: { font: 'serif', size: 9, bold: false, italic: false },
    };
    // Saved without its statuses, the book prints the accepted manuscripts (the default).
    expect(
      ok<ContributeConfig>(await call(h, site.host, 'put', `${CONFIG}/layout`, { token: site.manager, body: layout }))
        .layout,
    ).toEqual({ statuses: ['accepted'], ...layout });
    expect(
      Number((await h.db('submission_settings').where({ conference_id: site.cid }).first())!.book_version),
    ).toBeGreaterThan(before);
    expect(
      (
        await call(h, site.host, 'put', `${CONFIG}/layout`, {
          token: site.manager,
          lang: 'en',
          body: { ...layout, perPage: 3 },
        })
      ).body,
    ).toMatchObject({ code: 400, message: 'Manuscripts per page must be 1, 2 or 4' });
    expect(
      (
        await call(h, site.host, 'put', `${CONFIG}/layout`, {
          token: site.manager,
          body: { ...layout, content: { ...layout.content, size: 40 } },
        })
      ).body,
    ).toMatchObject({ code: 400, field: 'content.size' });
  });

  test('an attendee may not configure', async () => {
    const a = await attendee(h, site.cid);
    expect(
      (await call(h, site.host, 'put', `${CONFIG}/settings`, { token: a.token, body: settingsBody() })).status,
    ).toBe(403);
  });
});
