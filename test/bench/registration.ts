/**
 * Budgets of the registration exports, printed (not asserted): badge.pdf for 200 people, the
 * invitation letter of one, user.xlsx of 2000 registrants, and 200 registrations in a row
 * through the real service (each one locks, counts and numbers). Run: npm run bench:registration
 */
import { renderDocument } from '../../server/modules/documents/pdf/render';
import { usersTable } from '../../server/modules/registration/exports';
import { toDbInstant } from '../../server/db/dialect';
import { createHarness } from '../helpers/harness';
import { openRegistration } from '../helpers/registration';
import { call } from '../server/registration/helpers';
import { contractSite } from '../fixtures/contractSite';

const conference = {
  name: {
    zh: '第十二届计算科学与工程国际会议',
    en: 'The 12th International Conference on Computational Science and Engineering',
  },
  shortTitle: { zh: 'ICCSE 2027', en: 'ICCSE 2027' },
  department: { zh: '', en: '' },
  city: { zh: '杭州', en: 'Hangzhou' },
  venue: { zh: '国际博览中心', en: 'International Expo Center' },
  startDate: '2027-10-15',
  endDate: '2027-10-18',
  siteUrl: 'https://example.org',
};
const person = (i: number) => ({
  code: `B-${String(i).padStart(4, '0')}`,
  name: i % 2 ? `参会者${i}` : `Attendee Number ${i}`,
  firstName: '',
  lastName: '',
  email: `p${i}@example.org`,
  unit: '中国科学院计算技术研究所',
  country: 'China',
  phone: '',
  registeredOn: '2027-01-01',
  fields: {},
});

async function time<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const start = process.hrtime.bigint();
  const out = await fn();
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  const size = out instanceof Buffer ? ` ${(out.length / 1024).toFixed(0)} KB` : '';
  console.log(
    `${label.padEnd(46)} ${ms.toFixed(0).padStart(6)} ms${size}  rss ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB`,
  );
  return out;
}

const h = await createHarness({ seedDemo: false });
try {
  const people = Array.from({ length: 200 }, (_, i) => person(i + 1));
  await time('badge.pdf, first (font loaded), 4 people', () =>
    renderDocument('BADGE', { custom: null }, conference, people.slice(0, 4), 'zh', '2027-01-01'),
  );
  await time('badge.pdf, 200 people (50 sheets)', () =>
    renderDocument('BADGE', { custom: null }, conference, people, 'zh', '2027-01-01'),
  );
  await time('invitation letter, 1 person', () =>
    renderDocument('INVITATION', { custom: null }, conference, people.slice(0, 1), 'en', '2027-01-01'),
  );

  const cid = await h.provision(contractSite({ slug: 'bench', domains: ['bench.localhost'] }));
  await openRegistration(h.db, cid, { registerFlag: true, registerNum: 100_000 });
  const now = toDbInstant();
  const users = Array.from({ length: 2000 }, (_, i) => ({
    email: `x${i}@example.org`,
    true_name: '',
    cstnet_id: `x${i}@example.org`,
    created_at: now,
    updated_at: now,
  }));
  for (let i = 0; i < users.length; i += 250) await h.db('users').insert(users.slice(i, i + 250));
  const ids: number[] = await h.db('users').where('email', 'like', 'x%').orderBy('id').pluck('id');
  const rows = ids.map((userId, i) => ({
    conference_id: cid,
    user_id: userId,
    version: 'default',
    seq: i + 1,
    code: `X-${i}`,
    email: `x${i}@example.org`,
    full_name: `姓名${i}`,
    phone: '13800138000',
    country: 'China',
    unit: 'ICT',
    answers: JSON.stringify({
      fullName: `姓名${i}`,
      email: `x${i}@example.org`,
      tel: '13800138000',
      country: 'China',
      unit: 'ICT',
    }),
    created_at: now,
    updated_at: now,
  }));
  for (let i = 0; i < rows.length; i += 250) await h.db('registrants').insert(rows.slice(i, i + 250));
  await h.db('registration_settings').where({ conference_id: cid }).update({ last_seq: 2000 });
  const registrantIds: number[] = await h.db('registrants').where({ conference_id: cid }).pluck('id');
  // the rows, read on the main side; the workbook is written by the pool's platform.table task
  await time('user.xlsx rows, 2000 registrants', () =>
    usersTable(h.db, cid, registrantIds, 'zh', 'Asia/Shanghai', (c, users, lang) =>
      h.orders.feeCategoriesOf(c, users, lang),
    ),
  );

  const host = 'bench.localhost';
  const answers = { fullName: 'Bench', tel: '13800138000', country: 'China', unit: 'ICT' };
  const tokens = await Promise.all(
    Array.from({ length: 200 }, (_, i) => h.login({ email: `r${i}@example.org`, conferenceId: cid })),
  );
  await time('200 registrations one after another (HTTP)', async () => {
    for (const token of tokens)
      await call(h, host, 'post', '/conference/conferenceUser', { token, body: { version: 'default', answers } });
  });
  const started = Date.now();
  const more = await Promise.all(
    Array.from({ length: 200 }, (_, i) => h.login({ email: `c${i}@example.org`, conferenceId: cid })),
  );
  await Promise.all(
    more.map((token) =>
      call(h, host, 'post', '/conference/conferenceUser', { token, body: { version: 'default', answers } }),
    ),
  );
  const count = Number((await h.db('registrants').where({ conference_id: cid }).count({ n: '*' }).first())!.n);
  console.log(`registrants after both runs: ${count} (2000 + 200 + 200 expected)`);
  console.log(
    `200 concurrent registrations (HTTP)${' '.repeat(12)} ${(Date.now() - started).toString().padStart(6)} ms  (${h.testDb.dialect})`,
  );
} finally {
  await h.stop();
}
