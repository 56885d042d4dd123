/** The registration configuration (spec 2.12 tabs, 3, 7 "Registration configuration"). */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { contractSite } from '../../fixtures/contractSite';
import { defaultRules } from '../../../server/contract/registrationRules';
import { call, testForm } from './helpers';

let h: Harness;
let cid: number;
let manager: string;
const host = 'config.localhost';

const basic = (change: object = {}) => ({
  registerStartDate: '2027-01-01',
  registerEndDate: '2027-03-31',
  registerInstructionsZh: '<p>须知</p>',
  registerInstructionsEn: '<p>Notice</p>',
  registerRule: 'REGISTER_FIRST_AND_PAY_LATER',
  costsSet: false,
  registerFlag: true,
  registerNum: 300,
  codePrefix: 'ICC27-',
  moduleOn: true,
  ...change,
});

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  cid = await h.provision(contractSite({ slug: 'config', domains: [host] }));
  manager = await h.login({ email: 'cfg@example.org', conferenceId: cid, roles: ['manager'] });
});
afterAll(() => h?.stop());

describe('basic configuration', () => {
  test('saves and reads back; the cap lives on the conference', async () => {
    const saved = await call(h, host, 'post', '/conference/admin/register/config/basic/save', {
      token: manager,
      body: basic(),
    });
    expect(saved.body).toMatchObject({
      code: 200,
      data: { registerStartDate: '2027-01-01', registerNum: 300, cap: 300, registered: 0, codePrefix: 'ICC27-' },
    });
    expect(await h.db('conferences').where({ id: cid }).first()).toMatchObject({ register_num: 300 });
    const found = await call(h, host, 'get', '/conference/admin/register/config/basic/find', { token: manager });
    expect(found.body.data).toMatchObject({ registerInstructionsEn: '<p>Notice</p>', registerFlag: true });
    const off = await call(h, host, 'post', '/conference/admin/register/config/basic/save', {
      token: manager,
      body: basic({ registerFlag: false, moduleOn: false }),
    });
    expect(off.body.data).toMatchObject({ cap: 1000, moduleOn: false });
    // The public site learns the module is off (the register button follows it).
    expect((await call(h, host, 'post', '/conference/module/getModuleByConfId')).body.data.register).toBe(false);
  });

  test.each([
    ['the end before the start', { registerEndDate: '2026-12-31' }, 'registration:datesOrder'],
    ['one date only', { registerEndDate: '' }, 'registration:datesBoth'],
    ['a date that is not one', { registerStartDate: '01/02/2027' }, 'registration:dateInvalid'],
    ['a cap of 0 while capped', { registerNum: 0 }, 'registration:capInvalid'],
    ['a strange prefix', { codePrefix: 'a b' }, 'registration:prefixInvalid'],
    ['an unknown rule', { registerRule: 'PAY_WHENEVER' }, 'registration:ruleInvalid'],
  ])('refuses %s and changes nothing', async (_name, change, message) => {
    const before = await h.db('registration_settings').where({ conference_id: cid }).first();
    const res = await call(h, host, 'post', '/conference/admin/register/config/basic/save', {
      token: manager,
      body: basic(change),
    });
    expect(res.body).toMatchObject({ code: 400, message });
    expect(await h.db('registration_settings').where({ conference_id: cid }).first()).toEqual(before);
  });

  test('the instructions are cleaned when saved: no script or handler, Chinese as written', async () => {
    const attack = '<img src=x onerror=alert(1)><script>alert(2)</script><p>中文</p>';
    const saved = await call(h, host, 'post', '/conference/admin/register/config/basic/save', {
      token: manager,
      body: basic({
        registerInstructionsZh: attack,
        registerInstructionsEn: `<p onclick="x()">Read <a href="javascript:alert(3)">this</a></p>`,
      }),
    });
    expect(saved.body.code).toBe(200);
    const row = await h.db('registration_settings').where({ conference_id: cid }).first();
    expect(row!.instructions_zh).toBe('<img><p>中文</p>');
    expect(row!.instructions_en).toBe('<p>Read <a>this</a></p>');
    const found = await call(h, host, 'get', '/conference/admin/register/config/basic/find', { token: manager });
    expect(found.body.data).toMatchObject({
      registerInstructionsZh: '<img><p>中文</p>',
      registerInstructionsEn: '<p>Read <a>this</a></p>',
    });
    await call(h, host, 'post', '/conference/admin/register/config/basic/save', {
      token: manager,
      body: basic(),
    }).expect(200);
  });

  test('attendees and anonymous visitors cannot read or save it', async () => {
    const user = await h.login({ email: 'nobody@example.org', conferenceId: cid, roles: ['attendee'] });
    expect((await call(h, host, 'get', '/conference/admin/register/config/basic/find', { token: user })).status).toBe(
      403,
    );
    expect(
      (await call(h, host, 'post', '/conference/admin/register/config/basic/save', { body: basic() })).status,
    ).toBe(401);
  });
});

describe('form versions', () => {
  test("'default' exists from the start with the contract's form", async () => {
    const versions = await call(h, host, 'get', '/conference/conferenceRegUserConfig/getRuleVersion', {
      token: manager,
    });
    expect(versions.body.data).toEqual([{ version: 'default', registrants: 0, updatedAt: null }]);
    const rules = await call(h, host, 'get', '/conference/conferenceRegUserConfig/getRuleByConference?version=');
    expect(JSON.parse(rules.body.data.data)).toEqual(defaultRules());
  });

  test('save, copy and delete a version; default cannot be deleted', async () => {
    const saved = await call(h, host, 'post', '/conference/conferenceRegUserConfig/saveRules', {
      token: manager,
      body: { version: 'default', rules: testForm() },
    });
    expect(saved.body.code).toBe(200);
    const copied = await call(h, host, 'post', '/conference/conferenceRegUserConfig/copyRules', {
      token: manager,
      body: { from: 'default', to: 'students' },
    });
    expect(copied.body.data.map((v: { version: string }) => v.version)).toEqual(['default', 'students']);
    const read = await call(h, host, 'get', '/conference/conferenceRegUserConfig/getRuleByConference?version=students');
    expect(read.body.data.rules.items.map((i: { field: string }) => i.field)).toContain('c_meal');
    const refused = await call(h, host, 'delete', '/conference/conferenceRegUserConfig/deleteRules?version=default', {
      token: manager,
    });
    expect(refused.body).toMatchObject({
      code: 400,
      message: 'registration:versionUndeletable',
      params: { version: 'default' },
    });
    const gone = await call(h, host, 'delete', '/conference/conferenceRegUserConfig/deleteRules?version=students', {
      token: manager,
    });
    expect(gone.body.data.map((v: { version: string }) => v.version)).toEqual(['default']);
  });

  test('options and countries of an item', async () => {
    const options = await call(h, host, 'post', '/conference/conferenceRegUserConfig/saveOptions', {
      token: manager,
      body: { version: 'default', field: 'c_meal', options: [{ value: 'halal', zh: '清真', en: 'Halal' }] },
    });
    expect(options.body.data).toEqual([{ value: 'halal', zh: '清真', en: 'Halal' }]);
    expect(
      (await call(h, host, 'get', '/conference/conferenceRegUserConfig/findByField?field=c_meal', { token: manager }))
        .body.data,
    ).toHaveLength(1);
    const countries = await call(h, host, 'post', '/conference/conferenceRegUserConfig/saveCountryOptions', {
      token: manager,
      body: { version: 'default', countries: ['China', 'Germany'] },
    });
    expect(countries.body.code).toBe(200);
    const unknown = await call(h, host, 'post', '/conference/conferenceRegUserConfig/saveCountryOptions', {
      token: manager,
      body: { countries: ['Macau'] },
    });
    expect(unknown.body.message).toBe('registration:countryUnknown');
  });

  test.each([
    [
      'the e-mail made optional',
      (r: ReturnType<typeof testForm>) => void (r.items.find((i) => i.field === 'email')!.mode = 'optional'),
      'registration:alwaysRequired',
    ],
    [
      'an item twice',
      (r: ReturnType<typeof testForm>) => void r.items.push({ ...r.items[0] }),
      'registration:duplicateField',
    ],
    [
      'a select without options',
      (r: ReturnType<typeof testForm>) => void (r.items.find((i) => i.field === 'c_meal')!.options = []),
      'registration:optionsRequired',
    ],
    [
      'two options with one value',
      (r: ReturnType<typeof testForm>) =>
        void r.items.find((i) => i.field === 'c_meal')!.options.push({ value: 'veg', zh: '素', en: 'Veg' }),
      'registration:duplicateOption',
    ],
    [
      'an unknown type',
      (r: ReturnType<typeof testForm>) =>
        void ((r.items.find((i) => i.field === 'c_note')! as { type: string }).type = 'rocket'),
      'registration:typeInvalid',
    ],
  ])('refuses a form with %s, keeping the saved one', async (_name, spoil, message) => {
    const before = (
      await call(h, host, 'get', '/conference/conferenceRegUserConfig/getRuleByConference?version=default')
    ).body.data.data;
    const rules = testForm();
    spoil(rules);
    const res = await call(h, host, 'post', '/conference/conferenceRegUserConfig/saveRules', {
      token: manager,
      body: { version: 'default', rules },
    });
    expect(res.body).toMatchObject({ code: 400, message });
    expect(
      (await call(h, host, 'get', '/conference/conferenceRegUserConfig/getRuleByConference?version=default')).body.data
        .data,
    ).toBe(before);
  });
});
