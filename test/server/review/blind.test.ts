/**
 * Blind review (issue 16): no answer or download a reviewer or a chair can reach carries an
 * author's name, e-mail or organisation or the submitter; the author's view of the result names no
 * reviewer. Without blind review the reviewer sees the authors and the author the reviewers.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import request from 'supertest';
import { createHarness, type Harness } from '../../helpers/harness';
import { PDF, submissionBody, upload } from '../submissions/helpers';
import type { ReviewScreen } from '../../../server/contract/reviewing';
import {
  addReviewer,
  assign,
  authorWithPaper,
  call,
  fullReview,
  ok,
  REVIEW,
  reviewSite,
  type Author,
  type ReviewSite,
  type TestReviewer,
} from './reviewingHelpers';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
});
afterAll(() => h?.stop());

/** Everything that names or places the manuscript's people. */
const secretsOf = (a: Author) => [
  'Zhang',
  'zhang.wei@example.org',
  'Tsinghua',
  'Alice',
  'Smith',
  'alice@example.org',
  'MIT',
  'Submitter Qian',
  a.email,
  ...DECLARED_SECRETS,
];

/** What the author declared: never shown to a reviewer or a chair, blind review or not. */
const DECLARED = [{ email: 'rival.secret@example.net', organisation: 'Secret Rival Lab' }];
const DECLARED_SECRETS = ['rival.secret', 'Secret Rival Lab'];

type Setting = { site: ReviewSite; author: Author; reviewer: TestReviewer; chair: TestReviewer };

async function setting(slug: string, blind: boolean): Promise<Setting> {
  const site = await reviewSite(h, slug, { blind });
  const a = await authorWithPaper(h, site);
  // The full text as a file whose original name carries the author's name.
  const file = ok<{ name: string }>(await upload(h, site.host, a.token, 'fullTextFile', PDF, 'Zhang-Wei-paper.pdf'));
  ok(
    await call(h, site.host, 'put', `/conference/submission/${a.id}`, {
      token: a.token,
      body: submissionBody(site, { fullTextFile: file.name, conflicts: DECLARED }),
    }),
  );
  const author = a;
  const reviewer = await addReviewer(h, site, [{ sessionId: site.sessionA, role: 'reviewer' }]);
  const chair = await addReviewer(h, site, [{ sessionId: site.sessionA, role: 'chair' }]);
  await assign(h, site, author.id, reviewer);
  return { site, author, reviewer, chair };
}

describe('with blind review', () => {
  let s: Setting;
  beforeAll(async () => {
    s = await setting('blind-on', true);
  });

  test('no reviewer or chair answer names an author, their e-mail, organisation or the submitter', async () => {
    const { site, author, reviewer, chair } = s;
    const answers = [
      await call(h, site.host, 'get', `${REVIEW}/tasks`, { token: reviewer.token }),
      await call(h, site.host, 'get', `${REVIEW}/${author.id}`, { token: reviewer.token }),
      await call(h, site.host, 'put', `${REVIEW}/${author.id}`, {
        token: reviewer.token,
        body: { scores: { overall: 5 } },
      }),
      await call(h, site.host, 'post', `${REVIEW}/${author.id}/submit`, {
        token: reviewer.token,
        body: fullReview(site),
      }),
      await call(h, site.host, 'get', `${REVIEW}/tasks`, { token: chair.token }),
      await call(h, site.host, 'get', `${REVIEW}/${author.id}`, { token: chair.token }),
      await call(h, site.host, 'post', `${REVIEW}/${author.id}/chair`, {
        token: chair.token,
        body: { opinion: 'accept' },
      }),
    ];
    for (const res of answers) {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const text = JSON.stringify(res.body);
      for (const secret of secretsOf(author)) expect(text, secret).not.toContain(secret);
    }
    const screen = ok<ReviewScreen>(answers[1]);
    expect(screen.manuscript.authors).toBeNull();
    expect(screen.manuscript.fullTextFile!.originalName).toBe('A-001-fulltext.pdf');
  });

  test("the file comes through the review's own route, named by number, with the file's own bytes", async () => {
    const { site, author, reviewer } = s;
    const res = await request(h.app)
      .get(`/api${REVIEW}/${author.id}/file/fullTextFile`)
      .set('Host', site.host)
      .set('Cookie', `token=${reviewer.token}`)
      .buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain('A-001-fulltext.pdf');
    for (const secret of secretsOf(author)) expect(res.headers['content-disposition'], secret).not.toContain(secret);
    expect(Buffer.from(res.body as Buffer).equals(PDF)).toBe(true);
    // the managers' route is not the reviewer's
    const manager = await request(h.app)
      .get(`/api/conference/platform/manage/contribute/${author.id}/file/fullTextFile`)
      .set('Host', site.host)
      .set('Cookie', `token=${reviewer.token}`);
    expect(manager.status).toBe(403);
  });

  test('the author reads the result and the comments, never a reviewer name', async () => {
    const { site, author, reviewer } = s;
    ok(
      await call(h, site.host, 'post', `${REVIEW}/${author.id}/final`, {
        token: site.manager,
        body: { opinion: 'accept', comment: 'Congratulations' },
      }),
    );
    const view = await h.reviewing.forAuthor(site.cid, author.id);
    expect(view).toMatchObject({
      result: 'accept',
      comment: 'Congratulations',
      reviews: [{ reviewer: '', comment: 'A good paper.' }],
    });
    expect(view!.reviews[0].answers[0].answers).toEqual(['Quite new', 'Sound']);
    const text = JSON.stringify(view);
    expect(text).not.toContain(reviewer.name);
    expect(text).not.toContain(reviewer.email);
  });
});

describe('without blind review', () => {
  test('the reviewer sees the authors; the author sees the reviewers', async () => {
    const { site, author, reviewer } = await setting('blind-off', false);
    const answer = await call(h, site.host, 'get', `${REVIEW}/${author.id}`, { token: reviewer.token });
    for (const secret of DECLARED_SECRETS) expect(JSON.stringify(answer.body), secret).not.toContain(secret);
    const screen = ok<ReviewScreen>(answer);
    expect(screen.manuscript.authors!.map((a) => a.surname)).toEqual(['Zhang', 'Smith']);
    expect(screen.manuscript.fullTextFile!.originalName).toBe('Zhang-Wei-paper.pdf');
    ok(
      await call(h, site.host, 'post', `${REVIEW}/${author.id}/submit`, {
        token: reviewer.token,
        body: fullReview(site),
      }),
    );
    ok(
      await call(h, site.host, 'post', `${REVIEW}/${author.id}/final`, {
        token: site.manager,
        body: { opinion: 'reject' },
      }),
    );
    expect((await h.reviewing.forAuthor(site.cid, author.id))!.reviews[0].reviewer).toBe(reviewer.name);
  });
});
