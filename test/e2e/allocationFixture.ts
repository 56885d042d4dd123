/**
 * The demo conference as the manual pick's browser test (allocationPick.test.ts) needs it, written
 * straight into the tables the review and submission services read (as test/server/review/
 * reviewHelpers.ts does): a session of its own, two manuscripts waiting for reviewers (one for each
 * run, so the runs do not depend on each other), three reviewers of the session with accounts and
 * long e-mail addresses, and two managers. One reviewer shares the authors' mail domain, so the
 * conflict finder suggests a conflict with both manuscripts. Each person's address is on its own
 * registrable domain (example.org, .net, .com): a shared domain is itself a conflict.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../server/db/index';
import { insertId, toDbInstant } from '../../server/db/dialect';
import { ensureUser, grantRole } from '../../server/modules/accounts/service';
import type { Lang, Seeding } from './browser';

export const REVIEWERS = {
  /** picked, then removed */
  free: {
    email: 'a.very.long.reviewer.address@some-institution.example.org',
    name: '欧阳明远',
    unit: '中国科学院计算技术研究所',
  },
  /** picked while another manager picks them too: the stale preview */
  late: {
    email: 'b.another.long.reviewer.address@other-academy.example.net',
    name: 'Alexandra Whitfield',
    unit: 'Institute of Advanced Studies',
  },
  /** on the authors' mail domain: a suggested conflict */
  conflicted: {
    email: 'c.conflicted.reviewer.address@quantum-lab.example.com',
    name: '司马清',
    unit: '量子信息研究院',
  },
} as const;

export type ReviewerKey = keyof typeof REVIEWERS;

const AUTHOR = { email: 'pick.author@quantum-lab.example.com', trueName: '作者丙' };
const MANAGER = { email: 'pick-manager@example.org', trueName: '分配经理' };
const OTHER_MANAGER = { email: 'pick-other-manager@example.org', trueName: '另一位经理' };

/** One manuscript per run, titled in the run's language. */
const PAPERS: Record<Lang, { number: string; title: string }> = {
  zh: { number: 'PK-001', title: '量子纠错码在超导量子比特上的实验验证' },
  en: { number: 'PK-002', title: 'Experimental surface-code error correction on superconducting qubits' },
};

export type PickSeed = {
  managerToken: string;
  otherManagerToken: string;
  papers: Record<Lang, { id: number; number: string; title: string }>;
  reviewerIds: Record<ReviewerKey, number>;
};

export async function seedPick({ db, demo, signIn }: Seeding): Promise<PickSeed> {
  const now = toDbInstant();
  const session = await insertId(
    db('submission_sessions').insert(
      {
        conference_id: demo,
        parent_id: null,
        title_zh: '量子计算',
        title_en: 'Quantum computing',
        prefix: 'PK',
        sort: 99,
        last_seq: 2,
      },
      ['id'],
    ),
  );
  const { id: authorId } = await ensureUser(db, AUTHOR);
  const papers = {} as PickSeed['papers'];
  for (const lang of ['zh', 'en'] as const) {
    const { number, title } = PAPERS[lang];
    const id = await insertId(
      db('submissions').insert(
        {
          conference_id: demo,
          user_id: authorId,
          number,
          title,
          session_id: session,
          sub_session_id: null,
          report_type_id: null,
          category_id: null,
          abstract: title,
          keywords: '',
          abstract_file: '',
          full_text_file: '',
          status: 'waiting',
          active: true,
          lang,
          submitted_at: now,
          updated_at: now,
        },
        ['id'],
      ),
    );
    await db('submission_authors').insert({
      conference_id: demo,
      submission_id: id,
      position: 1,
      name: '丙',
      surname: '作者',
      email: AUTHOR.email,
      phone: '1',
      country: 'China',
      company: 'Quantum Lab Beijing',
      corresponding: true,
    });
    papers[lang] = { id, number, title };
  }
  const reviewerIds = {} as PickSeed['reviewerIds'];
  for (const [key, r] of Object.entries(REVIEWERS) as Array<[ReviewerKey, (typeof REVIEWERS)[ReviewerKey]]>) {
    const { id: userId } = await ensureUser(db, { email: r.email, trueName: r.name });
    await grantRole(db, demo, userId, 'reviewer');
    const id = await insertId(
      db('reviewers').insert(
        {
          conference_id: demo,
          email: r.email,
          user_id: userId,
          active: true,
          full_name: r.name,
          unit: r.unit,
          lang: 'zh',
          invited_at: now,
          activated_at: now,
        },
        ['id'],
      ),
    );
    await db('reviewer_roles').insert({ conference_id: demo, reviewer_id: id, session_id: session, role: 'reviewer' });
    reviewerIds[key] = id;
  }
  const manager = await signIn(MANAGER, demo);
  const other = await signIn(OTHER_MANAGER, demo);
  for (const m of [manager, other]) await grantRole(db, demo, m.id, 'manager');
  return { managerToken: manager.token, otherManagerToken: other.token, papers, reviewerIds };
}

/** The review rows of one manuscript as reviewerId → state. */
export async function reviewsOf(db: Db, demo: number, submissionId: number): Promise<Map<number, string>> {
  const rows = await db('reviews').where({ conference_id: demo, submission_id: submissionId });
  return new Map(rows.map((r) => [Number(r.reviewer_id), String(r.state)]));
}

type Words = {
  stale: string;
  manualApplied: string;
  ui: Record<string, string>;
  state: Record<string, string>;
  reason: Record<string, string>;
};

/** The allocation screen's words in `lang`, from the locale files the island reads; `{{x}}` filled from `params`. */
export function wordsOf(lang: Lang): { w: Words; fill: (text: string, params: Record<string, string>) => string } {
  const file = path.resolve(import.meta.dirname, `../../public/locales/${lang}/allocation.json`);
  const w = JSON.parse(fs.readFileSync(file, 'utf8')) as Words;
  const fill = (text: string, params: Record<string, string>) =>
    text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => params[k] ?? '');
  return { w, fill };
}
