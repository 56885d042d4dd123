/**
 * The review configuration (issue 16; spec 3 "Review config", 5, 9 "Review rule titles"): the
 * defaults until saved, the settings read back in spec order, every refusal in both languages
 * changes nothing, detail rules of at most 100 characters with points separated by semicolons,
 * another conference's rule is not found, and the calls are for managers.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { feeConference } from '../orders/helpers';
import { attendee, call, ok } from '../submissions/helpers';
import { DEFAULT_REVIEW_SETTINGS, SCORE_KEYS, type ReviewConfig } from '../../../server/contract/review';

const CONFIG = '/conference/platform/config/review';
let h: Harness;
let site: { cid: number; host: string; manager: string };

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  const { cid, host } = await feeConference(h, 'review-config');
  site = {
    cid,
    host,
    manager: await h.login({ email: 'review-boss@example.org', conferenceId: cid, roles: ['manager'] }),
  };
});
afterAll(() => h?.stop());

const config = async () => ok<ReviewConfig>(await call(h, site.host, 'get', CONFIG, { token: site.manager }));
const scores = (change: Record<string, object> = {}) =>
  SCORE_KEYS.map((key) => ({ key, enabled: true, max: 10, weight: 20, ...change[key] }));
const settings = (change: object = {}) => ({
  blind: false,
  chairFinal: true,
  scores: scores(),
  reviewersPerPaper: 2,
  maxPerReviewer: 8,
  ...change,
});

test('the defaults until saved; the saved settings read back in spec order', async () => {
  expect((await config()).settings).toEqual(DEFAULT_REVIEW_SETTINGS);
  const reversed = [...scores({ english: { enabled: false, weight: 0 } })].reverse();
  const saved = ok<ReviewConfig>(
    await call(h, site.host, 'put', `${CONFIG}/settings`, {
      token: site.manager,
      body: settings({ scores: reversed }),
    }),
  );
  expect(saved.settings).toMatchObject({
    blind: false,
    chairFinal: true,
    reviewersPerPaper: 2,
    maxPerReviewer: 8,
    saved: true,
  });
  expect(saved.settings.scores.map((s) => s.key)).toEqual([...SCORE_KEYS]);
  expect(saved.settings.scores[2]).toEqual({ key: 'english', enabled: false, max: 10, weight: 0 });
  expect(await config()).toEqual(saved);
});

describe('the settings rules, in both languages', () => {
  const cases: Array<[string, object, string, string, string]> = [
    [
      'no score in use',
      { scores: SCORE_KEYS.map((key) => ({ key, enabled: false, max: 10, weight: 10 })) },
      'scores',
      '至少启用一个评分项',
      'Use at least one score',
    ],
    [
      'weights all zero',
      {
        scores: scores({
          overall: { weight: 0 },
          relevance: { weight: 0 },
          english: { weight: 0 },
          originality: { weight: 0 },
          recommendation: { weight: 0 },
        }),
      },
      'scores',
      '启用的评分项中至少一项的权重大于 0',
      'At least one score in use needs a weight above 0',
    ],
    [
      'a score missing',
      { scores: scores().slice(1) },
      'scores',
      '请完整设置五个评分项',
      'Give the settings of all five scores',
    ],
    [
      'a score twice',
      { scores: [...scores().slice(1), scores()[1]] },
      'scores',
      '请完整设置五个评分项',
      'Give the settings of all five scores',
    ],
    [
      'an unknown score',
      { scores: [...scores().slice(1), { key: 'beauty', enabled: true, max: 10, weight: 5 }] },
      'scores.4.key',
      '未知的评分项',
      'Unknown score',
    ],
    [
      'a highest score of 0',
      { scores: scores({ overall: { max: 0 } }) },
      'scores.0.max',
      '满分为 1 到 100 的整数',
      'The highest score is a whole number from 1 to 100',
    ],
    [
      'a weight of 101',
      { scores: scores({ relevance: { weight: 101 } }) },
      'scores.1.weight',
      '权重为 0 到 100 的整数',
      'A weight is a whole number from 0 to 100',
    ],
    [
      '0 reviewers per manuscript',
      { reviewersPerPaper: 0 },
      'reviewersPerPaper',
      '每篇稿件审稿人数为 1 到 10 的整数',
      'Reviewers per manuscript: a whole number from 1 to 10',
    ],
    [
      'a negative maximum',
      { maxPerReviewer: -1 },
      'maxPerReviewer',
      '每位审稿人最多稿件数为 0（不限）到 1000 的整数',
      'Manuscripts per reviewer: a whole number from 0 (no limit) to 1000',
    ],
    ['blind as a word', { blind: 'yes' }, 'blind', '请选择开启或关闭', 'Choose on or off'],
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
        body: settings(change),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body).toMatchObject({ message: text, field });
    }
    expect(await config()).toEqual(before);
  });
});

describe('detail rules', () => {
  test('added, edited, ordered and deleted; points separated by semicolons', async () => {
    let c = ok<ReviewConfig>(
      await call(h, site.host, 'post', `${CONFIG}/rules`, {
        token: site.manager,
        body: { titleZh: '创新性；方法可靠', titleEn: 'Novelty; sound method', sort: 2 },
      }),
    );
    c = ok<ReviewConfig>(
      await call(h, site.host, 'post', `${CONFIG}/rules`, {
        token: site.manager,
        body: { titleZh: '写作清晰', titleEn: 'Clear writing', display: false, sort: 1 },
      }),
    );
    expect(c.rules.map((r) => [r.titleEn, r.display, r.enabled])).toEqual([
      ['Clear writing', false, true],
      ['Novelty; sound method', true, true],
    ]);
    const id = c.rules[1].id;
    c = ok<ReviewConfig>(
      await call(h, site.host, 'put', `${CONFIG}/rules/${id}`, {
        token: site.manager,
        body: { titleZh: '创新性', titleEn: 'Novelty', enabled: false, sort: 0 },
      }),
    );
    expect(c.rules[0]).toMatchObject({ id, titleEn: 'Novelty', enabled: false });
    c = ok<ReviewConfig>(await call(h, site.host, 'delete', `${CONFIG}/rules/${id}`, { token: site.manager }));
    expect(c.rules.map((r) => r.titleEn)).toEqual(['Clear writing']);
  });

  const bad: Array<[string, object, string, string, string]> = [
    [
      'a title of 101 characters',
      { titleZh: '长'.repeat(101), titleEn: 'Long' },
      'titleZh',
      '规则标题最多 100 个字符',
      "A rule's title has at most 100 characters",
    ],
    [
      'an empty point',
      { titleZh: '创新性；；清晰', titleEn: 'Novelty; clarity' },
      'titleZh',
      '请删除分号之间的空项',
      'Remove the empty point between semicolons',
    ],
    [
      'a trailing semicolon',
      { titleZh: '创新性', titleEn: 'Novelty;' },
      'titleEn',
      '请删除分号之间的空项',
      'Remove the empty point between semicolons',
    ],
    [
      'no English title',
      { titleZh: '创新性', titleEn: '  ' },
      'titleEn',
      '请填写规则的中英文标题',
      "Enter the rule's title in both languages",
    ],
  ];
  test.each(bad)('%s is refused', async (_n, body, field, zh, en) => {
    const before = await config();
    for (const [lang, text] of [
      ['zh', zh],
      ['en', en],
    ] as const) {
      const res = await call(h, site.host, 'post', `${CONFIG}/rules`, { token: site.manager, lang, body });
      expect(res.body).toMatchObject({ code: 400, message: text, field });
    }
    expect(await config()).toEqual(before);
  });

  test("another conference's rule is not found; an unknown id is not found", async () => {
    const other = await feeConference(h, 'review-config-other');
    const boss = await h.login({ email: 'other-boss@example.org', conferenceId: other.cid, roles: ['manager'] });
    const mine = (await config()).rules[0].id;
    for (const [method, path] of [
      ['put', `${CONFIG}/rules/${mine}`],
      ['delete', `${CONFIG}/rules/${mine}`],
      ['delete', `${CONFIG}/rules/abc`],
    ] as const) {
      const res = await call(h, other.host, method, path, {
        token: boss,
        lang: 'en',
        body: { titleZh: '改', titleEn: 'Changed' },
      });
      expect(res.body, path).toMatchObject({ message: 'The rule does not exist' });
    }
    expect((await config()).rules[0].titleEn).toBe('Clear writing');
  });
});

test('an attendee and a stranger are refused', async () => {
  const person = await attendee(h, site.cid);
  for (const token of [person.token, undefined]) {
    const res = await call(h, site.host, 'put', `${CONFIG}/settings`, { token, body: settings({ blind: true }) });
    expect([401, 403]).toContain(res.body.code);
  }
  expect((await config()).settings.blind).toBe(false);
});
