/**
 * Spec 8 "Attend failed" (issue 32): a registration whose mail cannot be written (here the
 * database refuses the outbox's row, through a trigger the test adds) is refused
 * with userReg.emailInitialFailed ('Email initial failed, please contact administrator', shown
 * under the title 'Attend failed'), and nothing of it is kept: no registrant, no role, no mail.
 * Once the outbox takes mail again, the same person registers.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { contractSite } from '../../fixtures/contractSite';
import { openRegistration, setForm } from '../../helpers/registration';
import { t } from '../../../server/platform/i18n';
import { testDialect } from '../../helpers/db';
import { call, goodAnswers, testForm } from './helpers';

let h: Harness;
let cid: number;
const host = 'attend-failed.localhost';

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  cid = await h.provision(contractSite({ slug: 'attend-failed', domains: [host] }));
  await openRegistration(h.db, cid, {});
  await setForm(h.db, cid, 'default', testForm());
});
afterAll(() => h?.stop());

/** The outbox refuses every row of this conference (a stand-in for an outbox that cannot take mail). */
async function refuseMail(on: boolean) {
  const mysql = testDialect() === 'mysql';
  if (!on) return void (await h.db.raw('DROP TRIGGER IF EXISTS refuse_outbox'));
  await h.db.raw(
    mysql
      ? `CREATE TRIGGER refuse_outbox BEFORE INSERT ON mail_outbox FOR EACH ROW BEGIN IF NEW.conference_id = ${cid} THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'outbox refused'; END IF; END`
      : `CREATE TRIGGER refuse_outbox BEFORE INSERT ON mail_outbox WHEN NEW.conference_id = ${cid} BEGIN SELECT RAISE(ABORT, 'outbox refused'); END`,
  );
}

describe('a registration whose mail cannot be written', () => {
  test('is refused with "Email initial failed", keeps nothing; goes through once mail can be written', async () => {
    const token = await h.login({ email: 'attend-failed@example.org', name: 'Attendee', conferenceId: cid });
    const mails = async () =>
      Number((await h.db('mail_outbox').where({ conference_id: cid }).count({ n: '*' }).first())!.n);
    const before = await mails();
    await refuseMail(true);
    try {
      for (const lang of ['zh', 'en'] as const) {
        const res = await call(h, host, 'post', '/conference/conferenceUser', {
          token,
          lang,
          body: { version: 'default', answers: goodAnswers(), noticeAccepted: true },
        });
        expect(res.body).toMatchObject({ code: 500, message: 'userReg.emailInitialFailed' });
      }
    } finally {
      await refuseMail(false);
    }
    expect(await h.db('registrants').where({ conference_id: cid })).toHaveLength(0);
    const user = await h.db('users').where({ email: 'attend-failed@example.org' }).first();
    expect(
      await h.db('conference_roles').where({ conference_id: cid, user_id: user!.id, role: 'attendee' }),
    ).toHaveLength(0);
    expect(await mails()).toBe(before);
    expect(t('zh', 'userReg.emailInitialFailed')).toBe('邮件初始化失败，请联系管理员');
    expect(t('en', 'userReg.attendFailed')).toBe('Attend failed');

    const res = await call(h, host, 'post', '/conference/conferenceUser', {
      token,
      body: { version: 'default', answers: goodAnswers(), noticeAccepted: true },
    });
    expect(res.body).toMatchObject({ code: 200, message: 'registration:success' });
    expect(await mails()).toBe(before + 1);
  });
});
