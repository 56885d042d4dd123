/**
 * The demo conferences' call for papers (templates/demo/<slug>/submissions.json): open from a
 * month ago until a month before the conference, returned manuscripts until its first day, with
 * the demo's sessions, report types and categories. Idempotent: a conference with submission
 * settings is left alone.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db/index';
import { inTransaction } from '../../db/transaction';
import { DEFAULT_LAYOUT } from '../../contract/submissions';
import { todayIn } from '../../platform/localTime';
import * as configRepo from './configRepo';

type DemoCall = {
  instructionsZh: string;
  instructionsEn: string;
  sessions: Array<{
    titleZh: string;
    titleEn: string;
    prefix: string;
    children?: Array<{ titleZh: string; titleEn: string }>;
  }>;
  reportTypes: Array<{ titleZh: string; titleEn: string }>;
  categories: Array<{ titleZh: string; titleEn: string }>;
};

const dayBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

export async function seedDemoSubmissions(
  db: Db,
  conferenceId: number,
  dir: string,
  conference: { startDate?: string },
): Promise<void> {
  const file = path.join(dir, 'submissions.json');
  if (!conference.startDate || !fs.existsSync(file) || (await configRepo.findSettings(db, conferenceId))) return;
  const demo = JSON.parse(fs.readFileSync(file, 'utf8')) as DemoCall;
  const today = todayIn('Asia/Shanghai');
  const end = [dayBefore(conference.startDate, 30), today].sort()[1];
  await inTransaction(db, async (tx) => {
    await configRepo.upsertSettings(
      tx,
      conferenceId,
      {
        enabled: true,
        start_date: dayBefore(today, 30),
        end_date: end,
        second_deadline: [conference.startDate!, end].sort()[1],
        abstract_mode: 'required',
        abstract_max_chars: 3000,
        abstract_file: JSON.stringify({ mode: 'optional', types: ['pdf', 'doc', 'docx'], maxMb: 10 }),
        full_text: JSON.stringify({ mode: 'optional', types: ['pdf'], maxMb: 20 }),
        author_info: 'required',
        category_mode: 'optional',
        report_type_mode: 'required',
        keywords_mode: 'optional',
        limit_per_person: true,
        max_per_person: 5,
        max_total: 0,
        instructions_zh: demo.instructionsZh,
        instructions_en: demo.instructionsEn,
        edit_after_accept: false,
        layout: JSON.stringify(DEFAULT_LAYOUT),
        saved: true,
      },
      false,
    );
    for (const [i, s] of demo.sessions.entries()) {
      const id = await configRepo.insertSession(tx, conferenceId, {
        parent_id: null,
        title_zh: s.titleZh,
        title_en: s.titleEn,
        prefix: s.prefix,
        sort: i + 1,
      });
      for (const [j, c] of (s.children ?? []).entries())
        await configRepo.insertSession(tx, conferenceId, {
          parent_id: id,
          title_zh: c.titleZh,
          title_en: c.titleEn,
          prefix: '',
          sort: j + 1,
        });
    }
    for (const [i, r] of demo.reportTypes.entries())
      await configRepo.insertTerm(tx, conferenceId, {
        kind: 'reportType',
        title_zh: r.titleZh,
        title_en: r.titleEn,
        sort: i + 1,
      });
    for (const [i, c] of demo.categories.entries())
      await configRepo.insertTerm(tx, conferenceId, {
        kind: 'category',
        title_zh: c.titleZh,
        title_en: c.titleEn,
        sort: i + 1,
      });
  });
}
