/**
 * The submission form's first author is filled from what the platform knows of the person
 * (issue 32): the registration's name parts, unit, phone, country and e-mail; a name given whole
 * (the registration's full name, else the account's) split as it is written. Both databases.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { authorPrefill, splitName } from '../../../server/modules/submissions/authorPrefill';
import { attendee, callConference, type CallSite } from './helpers';

describe('a whole name, split as it is written', () => {
  test.each([
    ['张伟', ['伟', '张']],
    ['欧阳修', ['修', '欧阳']],
    ['司马 相如', ['相如', '司马']],
    ['Ada Lovelace', ['Ada', 'Lovelace']],
    ['Maria  de la Cruz ', ['Maria de la', 'Cruz']],
    ['Plato', ['Plato', '']],
    ['', ['', '']],
  ] as const)('%s', (whole, parts) => {
    expect(splitName(whole)).toEqual(parts);
  });

  test('name parts the registration gives win; the account fills what it lacks', () => {
    const contact = {
      email: '',
      name: 'Ignored Whole',
      unit: 'Peking University',
      phone: '+86 138 0000 0000',
      firstName: 'Wei',
      lastName: 'Zhang',
      country: 'China',
    };
    expect(authorPrefill(contact, { email: 'wei@example.org', name: 'x' })).toEqual({
      name: 'Wei',
      surname: 'Zhang',
      email: 'wei@example.org',
      phone: '+86 138 0000 0000',
      country: 'China',
      company: 'Peking University',
      corresponding: true,
    });
    expect(authorPrefill(null, { email: 'li@example.org', name: '李娜' })).toMatchObject({
      name: '娜',
      surname: '李',
      email: 'li@example.org',
      company: '',
    });
  });
});

describe('the author page', () => {
  let h: Harness;
  let site: CallSite;
  beforeAll(async () => {
    h = await createHarness({ seedDemo: false });
    site = await callConference(h, 'prefill');
  }, 60_000);
  afterAll(() => h?.stop());

  test("prefills the first author from the registration's whole name and unit", async () => {
    const a = await attendee(h, site.cid);
    await h
      .db('registrants')
      .where({ conference_id: site.cid, user_id: a.userId })
      .update({ full_name: '王小明', unit: '清华大学', phone: '13800000000' });
    const user = await h.db('users').where({ id: a.userId }).first();
    const page = await h.submissionAuthor.page(
      site.cid,
      { userId: a.userId, email: user!.email, name: user!.true_name, lang: 'zh', today: '2027-01-01' },
      true,
    );
    expect(page.prefill).toEqual({
      name: '小明',
      surname: '王',
      email: user!.email,
      phone: '13800000000',
      country: 'China',
      company: '清华大学',
      corresponding: true,
    });
  });
});
