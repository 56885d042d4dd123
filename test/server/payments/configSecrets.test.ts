/**
 * The payment configuration (spec 3 "Payment config", 5): secrets sealed at rest and never in an
 * answer or a page, an empty secret keeping the saved one, and Alipay's keys as its console shows
 * them. The rules and access: configRules.test.ts.
 */
import crypto from 'node:crypto';
import request from 'supertest';
import { describe, expect, test } from 'vitest';
import { call } from '../registration/helpers';
import { t } from '../../../server/platform/i18n';
import { expectNoSecret, fullConfig, SECRETS } from './helpers';
import { usePayConferences, h, cid, manager, host, CONFIG, save, rows } from './configWorld';

usePayConferences();

describe('saving and secrets', () => {
  test('a valid configuration is saved; the answer says which secrets are set, never their values', async () => {
    const res = await save(fullConfig());
    expect(res.body).toMatchObject({ code: 200, message: 'payments:saved' });
    expectNoSecret(JSON.stringify(res.body));
    const view = res.body.data;
    expect(view).toMatchObject({
      generalMethods: ['bankRemit', 'cardForeign', 'walletA', 'onlineWallet'],
      hotelSeparate: false,
      combinedAllowed: true,
    });
    const card = view.methods.find((m: { method: string }) => m.method === 'cardForeign');
    expect(card).toMatchObject({
      online: true,
      configured: true,
      fields: { merchantId: 'M-001', terminalNo: 'T-9' },
      secrets: {
        payPassword: { set: true },
        rootCertificate: { set: true },
        middleCertificate: { set: true },
        privateKeyCertificate: { set: true },
        certificatePassword: { set: true },
      },
    });
    expect(Object.keys(card.fields).sort()).toEqual(['environment', 'merchantId', 'terminalNo']);
    expect(card.fields.environment).toBe('production');
    expect(view.methods.find((m: { method: string }) => m.method === 'walletB')).toMatchObject({
      configured: false,
      fields: {},
      secrets: {},
    });
    // "other" is cleaned when saved.
    expect(view.methods.find((m: { method: string }) => m.method === 'other').fields.html).toBe(
      '<p>到会务组现场缴费</p>',
    );
  });

  test('secrets are sealed at rest: no column holds the plain text', async () => {
    const dump = JSON.stringify(await rows());
    expectNoSecret(dump);
    expect(dump).toContain('M-001');
    const card = (await rows()).methods.find((r: { method: string }) => r.method === 'cardForeign');
    expect(card?.secrets).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  test('GET and the screen (both languages) never carry a secret', async () => {
    const got = await call(h, host, 'get', CONFIG, { token: manager });
    expect(got.body.code).toBe(200);
    expectNoSecret(JSON.stringify(got.body));
    for (const lang of ['zh', 'en'] as const) {
      const page = await request(h.app)
        .get('/platform/config/pay')
        .set('Host', host)
        .set('Cookie', `token=${manager}; locale=${lang}`);
      expect(page.status).toBe(200);
      expect(page.text).toContain('data-island="ManagePayConfig"');
      expect(page.text).toContain(lang === 'zh' ? '通用支付方案' : 'General payment plan');
      expect(page.text).toContain('M-001');
      // The card's UnionPay CA fields, each with the file of UnionPay's kit it takes; Alipay's seller id explained.
      expect(page.text).toContain(lang === 'zh' ? '银联根证书' : 'root certificate');
      expect(page.text).toContain('acp_prod_middle.cer');
      expect(page.text).toContain(lang === 'zh' ? '支付宝卖家 ID' : 'seller ID (PID');
      // The management menu's customization group links it.
      expect(page.text).toContain('href="/platform/config/pay"');
      expect(page.text).toContain(lang === 'zh' ? '支付配置' : 'Payment configuration');
      expectNoSecret(page.text);
    }
  });

  test('an empty secret keeps the saved one; a new one replaces it', async () => {
    const kept = fullConfig();
    kept.methods[2] = {
      ...kept.methods[2],
      fields: {
        merchantId: 'M-002',
        terminalNo: 'T-9',
        payPassword: '',
        rootCertificate: '',
        middleCertificate: '',
        privateKeyCertificate: '',
        certificatePassword: '',
      },
    };
    kept.methods[3] = {
      ...kept.methods[3],
      fields: { ...kept.methods[3].fields, privateKey: '', merchantKey: 'NewMerchantKey-1-0123456789abcde' },
    };
    expect((await save(kept)).body.code).toBe(200);
    const card = await h.payments.configOf(cid, 'cardForeign');
    expect(card).toEqual({
      merchantId: 'M-002',
      terminalNo: 'T-9',
      environment: 'production',
      ...Object.fromEntries(
        ['payPassword', 'rootCertificate', 'middleCertificate', 'privateKeyCertificate', 'certificatePassword'].map(
          (k) => [k, SECRETS[k as keyof typeof SECRETS].trim()],
        ),
      ),
    });
    expect((await h.payments.configOf(cid, 'walletA'))!.merchantKey).toBe('NewMerchantKey-1-0123456789abcde');
    expect((await h.payments.configOf(cid, 'walletA'))!.privateKey).toBe(SECRETS.walletKey.trim());
  });

  test('a method left out of the save keeps what it has', async () => {
    const only = fullConfig();
    only.methods = only.methods.filter((m) => m.method === 'bankRemit');
    expect((await save(only)).body.code).toBe(200);
    expect((await h.payments.configOf(cid, 'walletA'))!.merchantKey).toBe('NewMerchantKey-1-0123456789abcde');
  });

  test('the plans as orders read them: general, hotel (its own or the general one), combined payment', async () => {
    expect((await save(fullConfig({ generalMethods: ['bankRemit', 'other'], combinedAllowed: false }))).body.code).toBe(
      200,
    );
    const general = await h.payments.methodsFor(cid, 'general');
    expect(general).toEqual([
      {
        method: 'bankRemit',
        titleZh: '银行汇款',
        titleEn: 'Bank transfer',
        noteZh: '请注明订单号',
        noteEn: 'Write the reference',
        online: false,
      },
      { method: 'other', titleZh: '其他', titleEn: 'Other', noteZh: '', noteEn: '', online: false },
    ]);
    expect(await h.payments.methodsFor(cid, 'hotel')).toEqual(general);
    expect(await h.payments.combinedAllowed(cid)).toBe(false);
    expect((await save(fullConfig({ hotelSeparate: true, hotelMethods: ['postalRemit'] }))).body.code).toBe(200);
    expect(await h.payments.methodsFor(cid, 'hotel')).toEqual([
      {
        method: 'postalRemit',
        titleZh: '邮局汇款',
        titleEn: 'Postal remittance',
        noteZh: '',
        noteEn: '',
        online: false,
      },
    ]);
    expect(await h.payments.combinedAllowed(cid)).toBe(true);
  });
});

describe("Alipay's keys as its console shows them", () => {
  const der = (key: crypto.KeyObject, type: 'pkcs1' | 'pkcs8' | 'spki') =>
    (key.export({ type, format: 'der' } as crypto.KeyExportOptions<'der'>) as Buffer).toString('base64');
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const wallet = (fields: Record<string, string>) => {
    const config = fullConfig({ generalMethods: ['bankRemit', 'walletB'] });
    config.methods.push({
      method: 'walletB',
      titleZh: '',
      titleEn: '',
      noteZh: '',
      noteEn: '',
      fields: {
        merchantId: '2088102170000001',
        appId: '2021000117600001',
        privateKey: der(privateKey, 'pkcs8'),
        alipayPublicKey: der(publicKey, 'spki'),
        ...fields,
      },
    });
    return config;
  };
  const saved = async () => (await h.payments.configOf(cid, 'walletB'))!;

  test.each(['pkcs1', 'pkcs8'] as const)(
    'bare base64 (a %s private key, the SPKI public key, wrapped or not) is accepted and kept as PEM',
    async (type) => {
      const bare = der(privateKey, type);
      const res = await save(wallet({ privateKey: type === 'pkcs1' ? bare.replace(/.{76}/g, '$&\n') : bare }));
      expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
      const config = await saved();
      expect(config.privateKey).toMatch(/^-----BEGIN PRIVATE KEY-----\n[\s\S]+\n-----END PRIVATE KEY-----\n?$/);
      expect(config.alipayPublicKey).toMatch(/^-----BEGIN PUBLIC KEY-----\n[\s\S]+\n-----END PUBLIC KEY-----\n?$/);
      expect(crypto.createPrivateKey(config.privateKey).export({ type: 'pkcs8', format: 'pem' })).toBe(
        privateKey.export({ type: 'pkcs8', format: 'pem' }),
      );
      expect(crypto.createPublicKey(config.alipayPublicKey).export({ type: 'spki', format: 'pem' })).toBe(
        publicKey.export({ type: 'spki', format: 'pem' }),
      );
    },
  );

  test('a malformed key is refused with its field, in both languages, and nothing is saved', async () => {
    const before = await rows();
    for (const [fields, key, field] of [
      [{ privateKey: 'MIIBbm90IGEga2V5IGF0IGFsbA==' }, 'payments:keyInvalid', 'walletB.privateKey'],
      [{ privateKey: der(publicKey, 'spki') }, 'payments:keyInvalid', 'walletB.privateKey'],
      [{ privateKey: 'not base64 at all!' }, 'payments:keyInvalid', 'walletB.privateKey'],
      [
        { alipayPublicKey: der(privateKey, 'pkcs8').slice(0, 200) },
        'payments:certificateUnreadable',
        'walletB.alipayPublicKey',
      ],
    ] as const) {
      const res = await save(wallet(fields));
      expect(res.body, JSON.stringify(fields)).toMatchObject({ code: 400, message: key, field });
    }
    expect(await rows()).toEqual(before);
    for (const lang of ['zh', 'en'] as const)
      for (const key of ['keyInvalid', 'certificateUnreadable', 'sellerIdInvalid'])
        expect(t(lang, `payments:${key}`)).not.toMatch(/^payments:|^$/);
  });
});
