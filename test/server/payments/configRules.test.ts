/**
 * The payment configuration (spec 3 "Payment config", 5): its rules with their messages in both
 * languages, and access: a manager of this conference only. Secrets: configSecrets.test.ts.
 */
import request from 'supertest';
import { describe, expect, test } from 'vitest';
import { call } from '../registration/helpers';
import { t } from '../../../server/platform/i18n';
import { PLATFORM_HOST } from '../../helpers/accounts';
import { BANK, expectNoSecret, fullConfig } from './helpers';
import {
  usePayConferences,
  h,
  cid,
  manager,
  attendee,
  otherManager,
  host,
  otherHost,
  CONFIG,
  save,
  rows,
} from './configWorld';

usePayConferences();

describe('rules', () => {
  test.each([
    ['no general method', { generalMethods: [] }, 'payments:generalRequired', 'generalMethods'],
    ['hotel methods without a separate plan', { hotelMethods: ['bankRemit'] }, 'payments:hotelPlanOff', 'hotelMethods'],
    [
      'a separate hotel plan without a method',
      { hotelSeparate: true, hotelMethods: [] },
      'payments:hotelRequired',
      'hotelMethods',
    ],
    [
      'an enabled method never configured',
      { generalMethods: ['bankRemit', 'walletB'] },
      'payments:required.merchantId',
      'walletB.merchantId',
    ],
    ['an unknown method', { generalMethods: ['cash'] }, 'payments:methodInvalid', 'generalMethods.0'],
  ])('refuses %s and saves nothing', async (_name, change, key, field) => {
    const before = await rows();
    const res = await save(fullConfig(change as object));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 400, message: key, field });
    expect(await rows()).toEqual(before);
  });

  test('an enabled method with a required field empty is refused with its field; the whole save is undone', async () => {
    const config = fullConfig();
    config.methods[0] = { ...config.methods[0], fields: { ...BANK, account: '  ' } };
    const res = await save(config);
    expect(res.body).toMatchObject({ code: 400, message: 'payments:required.account', field: 'bankRemit.account' });
    expect((await rows()).methods).toEqual([]);
  });

  test('a certificate that is not PEM, or larger than 64 KB, is refused even in a method of no plan', async () => {
    const bad = fullConfig();
    bad.methods.push({
      method: 'cardDomestic',
      titleZh: '',
      titleEn: '',
      noteZh: '',
      noteEn: '',
      fields: { rootCertificate: 'not a certificate' },
    });
    expect((await save(bad)).body).toMatchObject({
      message: 'payments:certificateInvalid',
      field: 'cardDomestic.rootCertificate',
    });
    const large = fullConfig();
    large.methods.push({
      method: 'cardDomestic',
      titleZh: '',
      titleEn: '',
      noteZh: '',
      noteEn: '',
      fields: { middleCertificate: `-----BEGIN CERTIFICATE-----\n${'A'.repeat(70_000)}\n-----END CERTIFICATE-----` },
    });
    expect((await save(large)).body).toMatchObject({
      message: 'payments:certificateTooLarge',
      field: 'cardDomestic.middleCertificate',
    });
  });

  test("a gateway's keys are checked when its method is in a plan: a wrong certificate password or a key that does not parse is named, nothing is saved", async () => {
    const before = await rows();
    const wrongPassword = fullConfig();
    wrongPassword.methods = wrongPassword.methods.map((m) =>
      m.method === 'cardForeign' ? { ...m, fields: { ...m.fields, certificatePassword: 'not-the-password' } } : m,
    );
    expect((await save(wrongPassword)).body).toMatchObject({
      code: 400,
      message: 'payments:certificatePasswordWrong',
      field: 'cardForeign.certificatePassword',
    });
    const badKey = fullConfig();
    badKey.methods = badKey.methods.map((m) =>
      m.method === 'walletA'
        ? {
            ...m,
            fields: { ...m.fields, privateKey: '-----BEGIN PRIVATE KEY-----\nbm90IGEga2V5\n-----END PRIVATE KEY-----' },
          }
        : m,
    );
    expect((await save(badKey)).body).toMatchObject({
      code: 400,
      message: 'payments:keyInvalid',
      field: 'walletA.privateKey',
    });
    expect(await rows()).toEqual(before);
    for (const lang of ['zh', 'en'] as const)
      for (const key of [
        'certificatePasswordWrong',
        'keyInvalid',
        'apiV3KeyLength',
        'platformKeyRequired',
        'certificateUnreadable',
        'appIdInvalid',
        'webhookIdInvalid',
      ])
        expect(t(lang, `payments:${key}`), `${lang} ${key}`).not.toMatch(/^payments:|^$/);
  });

  test('every message is written in Chinese and English; the spec says the general one', () => {
    expect(t('en', 'payments:generalRequired')).toBe('At least one general payment plan must be selected');
    expect(t('zh', 'payments:generalRequired')).toBe('至少选择一种通用支付方案');
    const keys = [
      'generalRequired',
      'hotelPlanOff',
      'hotelRequired',
      'methodInvalid',
      'methodTwice',
      'certificateInvalid',
      'certificateTooLarge',
      'tooLong',
      'currencyNotSupported',
      'required.merchantId',
      'required.account',
      'required.html',
      'field.accountName',
      'transferReference',
      'method.bankRemit',
      'menu.config',
      'saved',
    ];
    for (const lang of ['zh', 'en'] as const)
      for (const key of keys) expect(t(lang, `payments:${key}`), `${lang} ${key}`).not.toMatch(/^payments:|^$/);
    expect(t('zh', 'payments:required.account')).not.toBe(t('en', 'payments:required.account'));
  });
});

describe('access', () => {
  test('a conference manager only', async () => {
    expect((await call(h, host, 'get', CONFIG)).status).toBe(401);
    for (const token of [attendee]) {
      expect((await call(h, host, 'get', CONFIG, { token })).status).toBe(403);
      expect((await save(fullConfig(), token)).status).toBe(403);
    }
    const page = await request(h.app).get('/platform/config/pay').set('Host', host).set('Cookie', `token=${attendee}`);
    expect(page.status).toBe(302);
  });

  test("another conference's manager reaches nothing of this one; its own configuration is its own", async () => {
    const before = await rows();
    // A session is one conference's: the other manager's token is no one here, and the other way round.
    for (const [hostName, token] of [
      [host, otherManager],
      [otherHost, manager],
    ]) {
      const got = await call(h, hostName, 'get', CONFIG, { token });
      expect(got.status).toBe(401);
      expectNoSecret(JSON.stringify(got.body));
      expect(
        (await call(h, hostName, 'post', CONFIG, { token, body: fullConfig({ combinedAllowed: false }) })).status,
      ).toBe(401);
    }
    // The other conference's manager, signed in here, is no manager here.
    const visitor = await h.login({ email: 'pay-other-boss@example.org', conferenceId: cid });
    expect((await call(h, host, 'get', CONFIG, { token: visitor })).status).toBe(403);
    expect((await save(fullConfig({ combinedAllowed: false }), visitor)).status).toBe(403);
    // Out of a conference's scope (the platform host) the route does not exist.
    const platform = await call(h, PLATFORM_HOST, 'get', CONFIG, { token: manager });
    expect(platform.status).toBe(404);
    expectNoSecret(JSON.stringify(platform.body));
    expect(await rows()).toEqual(before);
    const own = await call(h, otherHost, 'get', CONFIG, { token: otherManager });
    expect(own.body.data).toMatchObject({ generalMethods: [], combinedAllowed: false });
    expect(own.body.data.methods.every((m: { configured: boolean }) => !m.configured)).toBe(true);
  });
});
