/** The unit and country lists (spec 3, 7 "Other lists", 9). */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import request from 'supertest';
import { createHarness, type Harness } from '../../helpers/harness';
import { page } from '../../helpers/http';
import { COUNTRIES, countryLabel, isCountry } from '../../../server/contract/countries';
import { toDbInstant } from '../../../server/db/dialect';

let h: Harness;
let admin: string;
const platform = 'platform.localhost';

function call(host: string, method: 'get' | 'post' | 'put' | 'delete', path: string, token?: string, body?: object) {
  const req = request(h.app)[method](`/api${path}`).set('Host', host).set('Origin', `http://${host}`);
  if (token) req.set('Cookie', `token=${token}`);
  return body ? req.send(body) : req;
}

beforeAll(async () => {
  h = await createHarness();
  admin = await h.login({ email: 'units-admin@example.org', conferenceId: null, superAdmin: true });
});
afterAll(() => h?.stop());

describe('findByQuery', () => {
  test('everyone reads the list (page 1, size 99999), without the unit 153', async () => {
    const now = toDbInstant();
    await h
      .db('units')
      .insert({ id: 153, title_zh: '隐藏单位', title_en: 'Hidden unit', sort: 0, created_at: now, updated_at: now });
    const res = await call('demo.localhost', 'post', '/home/company/findByQuery', undefined, { page: 1, size: 99999 });
    expect(res.body.code).toBe(200);
    expect(res.body.data.total).toBe(25);
    expect(res.body.data.rows.map((r: { id: number }) => r.id)).not.toContain(153);
    expect(res.body.data.rows[0]).toEqual({
      id: expect.any(Number),
      zhTitle: '中国科学院计算技术研究所',
      enTitle: 'Institute of Computing Technology, Chinese Academy of Sciences',
      sort: 0,
    });
    const paged = await call('demo.localhost', 'post', '/home/company/findByQuery', undefined, {
      page: 2,
      size: 10,
      query: '',
    });
    expect(paged.body.data.rows).toHaveLength(10);
    const found = await call('demo.localhost', 'post', '/home/company/findByQuery', undefined, {
      page: 1,
      size: 50,
      query: '清华',
    });
    expect(found.body.data.rows.map((r: { enTitle: string }) => r.enTitle)).toEqual(['Tsinghua University']);
  });
});

describe('super admins keep the list on the platform host', () => {
  test('add, edit, delete; duplicates and blanks refused and nothing changes', async () => {
    const added = await call(platform, 'post', '/platform/admin/units', admin, {
      zhTitle: '测试研究院',
      enTitle: 'Test Institute',
      sort: 99,
    });
    expect(added.body).toMatchObject({ code: 200, data: { zhTitle: '测试研究院' } });
    const id = added.body.data.id;
    const count = async () => Number((await h.db('units').count({ n: '*' }).first())!.n);
    const before = await count();
    expect(
      (await call(platform, 'post', '/platform/admin/units', admin, { zhTitle: '测试研究院', enTitle: 'Another' })).body
        .message,
    ).toBe('units:duplicate');
    expect(
      (await call(platform, 'post', '/platform/admin/units', admin, { zhTitle: ' ', enTitle: 'Blank' })).body,
    ).toMatchObject({ message: 'units:titleRequired', field: 'zhTitle' });
    expect(await count()).toBe(before);
    expect(
      (
        await call(platform, 'put', `/platform/admin/units/${id}`, admin, {
          zhTitle: '测试研究所',
          enTitle: 'Test Institute',
          sort: 1,
        })
      ).body.data.zhTitle,
    ).toBe('测试研究所');
    expect((await call(platform, 'delete', `/platform/admin/units/${id}`, admin)).body.code).toBe(200);
    expect((await call(platform, 'delete', `/platform/admin/units/${id}`, admin)).body.code).toBe(404);
  });

  test('others cannot, and conference hosts do not serve it', async () => {
    const user = await h.login({ email: 'plain@example.org', conferenceId: null });
    expect((await call(platform, 'post', '/platform/admin/units', user, { zhTitle: 'x', enTitle: 'x' })).status).toBe(
      403,
    );
    expect(
      (await call(platform, 'post', '/platform/admin/units', undefined, { zhTitle: 'x', enTitle: 'x' })).status,
    ).toBe(401);
    expect((await page(h.app, '/admin/units', { host: platform, token: user })).res.headers.location).toBe('/403');
    const screen = await page(h.app, '/admin/units', { host: platform, token: admin });
    expect(screen.$('[data-island="AdminUnits"]').length).toBe(1);
  });
});

describe('the country list', () => {
  test('about 240 names, unique, each with a Chinese name, Others last, no Macau', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(235);
    expect(COUNTRIES.length).toBeLessThanOrEqual(250);
    expect(new Set(COUNTRIES.map((c) => c.en)).size).toBe(COUNTRIES.length);
    expect(COUNTRIES.every((c) => c.zh.trim() && c.en.trim())).toBe(true);
    expect(COUNTRIES[COUNTRIES.length - 1]).toEqual({ en: 'Others', zh: '其他' });
    expect(COUNTRIES.some((c) => /maca[uo]/i.test(c.en))).toBe(false);
    expect(isCountry('Macau')).toBe(false);
    expect(countryLabel('Germany', 'zh')).toBe('德国');
    expect(countryLabel('Germany', 'en')).toBe('Germany');
  });
});
