/**
 * The order desk's search by person (`?person=`): part of an e-mail or a name, in any case of
 * Latin letters, Chinese names too; `%` and `_` are letters, not wildcards; only this conference's
 * orders, even when a person of another conference matches; the export counts the same orders.
 * The database joins accounts' subquery (accountIdsMatching) to the orders: no list of people is
 * read into the process.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ensureUser } from '../../../server/modules/accounts/index';
import { createHarness, type Harness } from '../../helpers/harness';
import { bytesOf, firstSheet } from '../../helpers/work';
import { paidOrder } from '../receipts/helpers';
import { call, feeConference } from './helpers';

let h: Harness;
let conf: { cid: number; host: string };
let manager: string;
const LIST = '/conference/platform/manage/order';

const people = [
  { email: 'alice.wang@example.org', name: 'Alice Wang' },
  { email: 'lilei@example.cn', name: '李雷' },
  { email: 'percent@example.org', name: '100% Sure' },
  { email: 'under_score@example.org', name: 'Under Score' },
  { email: 'plain@example.org', name: 'Plain Person' },
];

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  conf = await feeConference(h, 'person-search');
  const other = await feeConference(h, 'person-search-other');
  manager = await h.login({ email: 'desk@example.org', conferenceId: conf.cid, roles: ['manager'] });
  for (const p of people) {
    const { id } = await ensureUser(h.db, { email: p.email, trueName: p.name });
    await paidOrder(h, conf.cid, id);
  }
  // A match in another conference only: its order is never listed here.
  const { id: elsewhere } = await ensureUser(h.db, {
    email: 'alice.elsewhere@example.org',
    trueName: 'Alice Elsewhere',
  });
  await paidOrder(h, other.cid, elsewhere);
});
afterAll(() => h?.stop());

async function found(person: string): Promise<Array<{ email: string; orderNo: string }>> {
  const res = await call(h, conf.host, 'get', `${LIST}?person=${encodeURIComponent(person)}&size=200`, {
    token: manager,
  });
  expect(res.status).toBe(200);
  const rows = res.body.data.rows as Array<{ email: string; orderNo: string }>;
  expect(res.body.data.total).toBe(rows.length);
  return rows;
}
const emailsFound = async (person: string) => (await found(person)).map((r) => r.email).sort();

describe('the order desk finds orders by person', () => {
  test.each([
    ['alice', ['alice.wang@example.org']],
    ['ALICE', ['alice.wang@example.org']],
    ['wang', ['alice.wang@example.org']],
    ['李', ['lilei@example.cn']],
    ['example.org', ['alice.wang@example.org', 'percent@example.org', 'plain@example.org', 'under_score@example.org']],
    ['%', ['percent@example.org']],
    ['r_s', ['under_score@example.org']],
    ['_', ['under_score@example.org']],
    ['nobody', []],
  ])('%s', async (person, expected) => {
    expect(await emailsFound(person)).toEqual(expected);
  });

  test('the export has the orders the list shows', async () => {
    const listed = (await found('wang')).map((r) => r.orderNo).sort();
    expect(listed).toHaveLength(1);
    const res = await bytesOf(
      call(h, conf.host, 'post', `${LIST}/export`, { token: manager, body: { person: 'wang' } }),
    );
    expect(res.status).toBe(200);
    const sheet = await firstSheet(res.body as Buffer);
    expect(sheet.rowCount).toBe(1 + listed.length);
    expect(sheet.getRow(2).getCell(1).text).toBe(listed[0]);
  });

  test('a search longer than 100 characters is refused, translated', async () => {
    const res = await call(h, conf.host, 'get', `${LIST}?person=${'x'.repeat(101)}`, { token: manager, lang: 'en' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'commonMsg.invalidInput', field: 'person' });
  });
});
