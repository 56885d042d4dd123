/** Appearances: list, add, edit, use, copy, delete, with every rule and its message. */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { toDbInstant } from '../../../../server/db/dialect';
import { A, createWorld, del, EXTERIOR, findConfig, get, PNG, post, stateOf, upload, type World } from './helpers';

let w: World;
let thumb: string;
beforeAll(async () => {
  w = await createWorld();
  thumb = (await upload(w.h, 'thumbnail', 'thumb.png', PNG, w.managerA)).body.data.url;
});
afterAll(() => w?.h.stop());

const list = async () => (await get(w.h, `${EXTERIOR}/list`, w.managerA)).body.data;
const save = (body: unknown) => post(w.h, `${EXTERIOR}/save`, body, w.managerA);

async function addExterior(name: string): Promise<number> {
  const res = await save({ name, thumbnail: thumb });
  expect(res.status).toBe(200);
  return res.body.data.id;
}

describe('list and find', () => {
  test('the list marks the appearance in use and counts its templates and pages', async () => {
    const rows = await list();
    expect(rows).toEqual([
      { id: expect.any(Number), name: 'Contract', thumbnail: '', inUse: true, templates: 4, pages: 20 },
    ]);
    const found = await get(w.h, `${EXTERIOR}/find/${rows[0].id}`, w.managerA);
    expect(found.body.data).toMatchObject({ id: rows[0].id, inUse: true, templates: 4 });
    expect(
      found.body.data.templateList.map((t: { name: string; kind: string }) => `${t.name}:${t.kind}`).sort(),
    ).toEqual(['common:common', 'mobileCommon:common', 'mobilePage:page', 'page:page']);
  });

  test('an unknown id is not found', async () => {
    expect((await get(w.h, `${EXTERIOR}/find/999999`, w.managerA)).body).toMatchObject({
      code: 404,
      message: 'commonMsg.notFound',
    });
    expect((await get(w.h, `${EXTERIOR}/find/abc`, w.managerA)).body).toMatchObject({
      code: 404,
      message: 'commonMsg.notFound',
    });
  });
});

describe('add and edit', () => {
  test('adds an appearance with an uploaded thumbnail, then edits it', async () => {
    const id = await addExterior('  夏季主题 ');
    expect((await list()).find((e: { id: number }) => e.id === id)).toEqual({
      id,
      name: '夏季主题',
      thumbnail: thumb,
      inUse: false,
      templates: 0,
      pages: 0,
    });
    const other = (
      await upload(
        w.h,
        'thumbnail',
        'other.jpg',
        Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(32)]),
        w.managerA,
      )
    ).body.data.url;
    expect((await save({ id, name: '秋季主题', thumbnail: other })).status).toBe(200);
    expect((await get(w.h, `${EXTERIOR}/find/${id}`, w.managerA)).body.data).toMatchObject({
      name: '秋季主题',
      thumbnail: other,
    });
    // The stored thumbnail may be kept as it is (the built-in ones live under /banner).
    const builtIn = (await list())[0];
    await w.h.db('exteriors').where({ id: builtIn.id }).update({ thumbnail: '/banner/classic-thumb.png' });
    expect((await save({ id: builtIn.id, name: 'Contract', thumbnail: '/banner/classic-thumb.png' })).status).toBe(200);
  });

  test.each([
    [{ name: '', thumbnail: 'T' }, 'manageSite:exteriorNameRequired', 'name'],
    [{ name: '   ', thumbnail: 'T' }, 'manageSite:exteriorNameRequired', 'name'],
    [{ name: '二'.repeat(21), thumbnail: 'T' }, 'manageSite:exteriorNameTooLong', 'name'],
    [{ name: 'Contract', thumbnail: 'T' }, 'manageSite:exteriorNameTaken', 'name'],
    [{ name: 'Outside', thumbnail: 'https://evil.example/t.png' }, 'manageSite:thumbnailInvalid', 'thumbnail'],
    [{ name: 'Built-in', thumbnail: '/banner/horizon-thumb.png' }, 'manageSite:thumbnailInvalid', 'thumbnail'],
    [{ name: 'Missing', thumbnail: '/files/nosuchfile.png' }, 'manageSite:thumbnailInvalid', 'thumbnail'],
    [{ thumbnail: 'T' }, 'manageSite:exteriorNameRequired', 'name'],
  ] as Array<[Record<string, string>, string, string]>)('%j → %s', async (body, message, field) => {
    const before = await stateOf(w.h, w.a);
    // 'T' stands for a thumbnail uploaded to this conference.
    const res = await save({ ...body, ...(body.thumbnail === 'T' ? { thumbnail: thumb } : {}) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, field });
    expect(await stateOf(w.h, w.a)).toEqual(before);
  });

  test('the thumbnail may be left out (issue 18): saved empty, kept empty on edit', async () => {
    for (const body of [{ name: 'No thumbnail', thumbnail: '' }, { name: 'No thumbnail field' }]) {
      const res = await save(body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((await list()).find((e: { id: number }) => e.id === res.body.data.id)).toMatchObject({
        name: body.name,
        thumbnail: '',
      });
      expect((await save({ id: res.body.data.id, name: `${body.name} 2` })).status).toBe(200);
    }
  });

  test('a new appearance from a built-in one: its templates, desktop and phone, none a default; its thumbnail', async () => {
    const choices = (await get(w.h, `${EXTERIOR}/builtIn`, w.managerA)).body.data;
    expect(choices).toEqual([
      { key: 'classic', name: 'Classic', nameZh: expect.any(String), thumbnail: '/banner/classic-thumb.png' },
      { key: 'horizon', name: 'Horizon', nameZh: '绿野地平线', thumbnail: '/banner/horizon-thumb.png' },
    ]);
    const defaultsBefore = await w.h
      .db('pages')
      .where({ conference_id: w.a })
      .whereNotNull('default_for')
      .select('id', 'default_for')
      .orderBy('id');
    const res = await post(w.h, `${EXTERIOR}/builtIn`, { key: 'horizon', name: '地平线' }, w.managerA);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const found = (await get(w.h, `${EXTERIOR}/find/${res.body.data.id}`, w.managerA)).body.data;
    expect(found).toMatchObject({ name: '地平线', thumbnail: '/banner/horizon-thumb.png', inUse: false, pages: 0 });
    expect(
      found.templateList
        .map((t: { name: string; kind: string; isMobile: boolean }) => `${t.name}:${t.kind}:${t.isMobile}`)
        .sort(),
    ).toEqual([
      'common:common:false',
      'home:page:false',
      'mobileCommon:common:true',
      'mobilePage:page:true',
      'page:page:false',
    ]);
    // Page templates sit in the new appearance's common templates, and the site's defaults are untouched.
    const rows = await w.h.db('pages').where({ conference_id: w.a, exterior_id: res.body.data.id });
    const byName = new Map(rows.map((r) => [r.name, r]));
    expect(byName.get('page')!.template_id).toBe(byName.get('common')!.id);
    expect(byName.get('mobilePage')!.template_id).toBe(byName.get('mobileCommon')!.id);
    expect(rows.every((r) => r.default_for === null)).toBe(true);
    expect(
      await w.h
        .db('pages')
        .where({ conference_id: w.a })
        .whereNotNull('default_for')
        .select('id', 'default_for')
        .orderBy('id'),
    ).toEqual(defaultsBefore);
    // Its thumbnail is kept on edit.
    expect((await save({ id: res.body.data.id, name: '地平线', thumbnail: '/banner/horizon-thumb.png' })).status).toBe(
      200,
    );
  });

  test.each([
    [{ key: 'horizon', name: 'Contract' }, 'manageSite:exteriorNameTaken', 'name'],
    [{ key: 'horizon', name: '' }, 'manageSite:exteriorNameRequired', 'name'],
    [{ key: 'retro', name: 'Retro' }, 'manageSite:builtInInvalid', 'key'],
    [{ key: '../../etc', name: 'Escape' }, 'manageSite:builtInInvalid', 'key'],
    [{ name: 'No key' }, 'manageSite:builtInInvalid', 'key'],
  ] as Array<[Record<string, string>, string, string]>)(
    'from a built-in: %j → %s, nothing written',
    async (body, message, field) => {
      const before = await stateOf(w.h, w.a);
      const res = await post(w.h, `${EXTERIOR}/builtIn`, body, w.managerA);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message, field });
      expect(await stateOf(w.h, w.a)).toEqual(before);
    },
  );

  test('a banner upload is not a thumbnail (1 MB rule), nor is a thumbnail of another conference', async () => {
    const banner = (await upload(w.h, 'banner', 'b.png', PNG, w.managerA)).body.data.url;
    expect((await save({ name: 'Banner', thumbnail: banner })).body).toMatchObject({
      message: 'manageSite:thumbnailInvalid',
    });
    const foreign = (await upload(w.h, 'thumbnail', 't.png', PNG, w.managerB, 'other.localhost')).body.data.url;
    expect((await save({ name: 'Foreign', thumbnail: foreign })).body).toMatchObject({
      message: 'manageSite:thumbnailInvalid',
    });
  });

  test('a thumbnail over 1 MB or not really an image is refused by the upload', async () => {
    const big = await upload(w.h, 'thumbnail', 'big.png', Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]), w.managerA);
    expect(big.body).toMatchObject({ code: 400, message: 'files:thumbnailTooLarge' });
    const fake = await upload(w.h, 'thumbnail', 'fake.jpg', Buffer.from('not a jpeg'), w.managerA);
    expect(fake.body).toMatchObject({ code: 400, message: 'files:imageJpgPng' });
  });

  test('editing an unknown id is not found and creates nothing', async () => {
    const before = await stateOf(w.h, w.a);
    expect((await save({ id: 999999, name: 'Ghost', thumbnail: thumb })).body).toMatchObject({ code: 404 });
    expect(await stateOf(w.h, w.a)).toEqual(before);
  });
});

describe('use, copy, delete', () => {
  test('"use" sets the site\'s appearance; the public config says so on the next load', async () => {
    const id = await addExterior('Use me');
    const version = (await w.h.db('website_configs').where({ conference_id: w.a }).first())!.content_version;
    expect((await post(w.h, `${EXTERIOR}/use/${id}`, {}, w.managerA)).status).toBe(200);
    expect((await w.h.db('website_configs').where({ conference_id: w.a }).first())!.content_version).toBe(version + 1);
    expect(
      (await get(w.h, '/conference/platform/config/website/findConferenceWebsiteConfig')).body.data.exteriorId,
    ).toBe(id);
    expect((await list()).filter((e: { inUse: boolean }) => e.inUse).map((e: { id: number }) => e.id)).toEqual([id]);
    // The one in use cannot be deleted (spec 8, Management).
    const res = await del(w.h, `${EXTERIOR}/delete/${id}`, w.managerA);
    expect(res.body).toMatchObject({ code: 400, message: 'manageSite:exteriorInUse' });
    const { t } = await import('../../../../server/platform/i18n');
    expect(t('en', res.body.message)).toBe('Unable to delete the look in use');
    // Back to the original.
    const original = (await list()).find((e: { name: string }) => e.name === 'Contract');
    expect((await post(w.h, `${EXTERIOR}/use/${original.id}`, {}, w.managerA)).status).toBe(200);
    expect((await del(w.h, `${EXTERIOR}/delete/${id}`, w.managerA)).status).toBe(200);
  });

  test('an appearance with pages cannot be deleted', async () => {
    const id = await addExterior('With pages');
    const now = toDbInstant();
    await w.h.db('pages').insert({
      conference_id: w.a,
      exterior_id: id,
      type: 'PAGE',
      name: 'p',
      lang: 'zh',
      html: '<p></p>',
      created_at: now,
      updated_at: now,
    });
    const before = await stateOf(w.h, w.a);
    expect((await del(w.h, `${EXTERIOR}/delete/${id}`, w.managerA)).body).toMatchObject({
      code: 400,
      message: 'manageSite:exteriorHasPages',
    });
    expect(await stateOf(w.h, w.a)).toEqual(before);
  });

  test('copy duplicates the templates under a new name, keeps their nesting, and takes no defaults', async () => {
    const original = (await list()).find((e: { name: string }) => e.name === 'Contract');
    const res = await post(w.h, `${EXTERIOR}/copy/${original.id}`, { name: 'Contract copy' }, w.managerA);
    expect(res.status).toBe(200);
    const copyId = res.body.data.id;
    const copies = await w.h.db('pages').where({ conference_id: w.a, exterior_id: copyId }).orderBy('id');
    expect(copies.map((c) => c.name).sort()).toEqual(['common', 'mobileCommon', 'mobilePage', 'page']);
    expect(copies.every((c) => c.type === 'TEMPLATE' && c.default_for === null)).toBe(true);
    const byName = Object.fromEntries(copies.map((c) => [c.name, c]));
    expect(byName.page.template_id).toBe(byName.common.id);
    expect(byName.mobilePage.template_id).toBe(byName.mobileCommon.id);
    const source = await w.h
      .db('pages')
      .where({ conference_id: w.a, exterior_id: original.id, name: 'common' })
      .first();
    expect(byName.common.html).toBe(source!.html);
    expect(
      (await post(w.h, `${EXTERIOR}/copy/${original.id}`, { name: 'Contract copy' }, w.managerA)).body,
    ).toMatchObject({ message: 'manageSite:exteriorNameTaken', field: 'name' });
    expect((await post(w.h, `${EXTERIOR}/copy/${original.id}`, { name: '' }, w.managerA)).body).toMatchObject({
      message: 'manageSite:exteriorNameRequired',
    });

    // A copy nobody uses is deleted with its templates.
    expect((await del(w.h, `${EXTERIOR}/delete/${copyId}`, w.managerA)).status).toBe(200);
    expect(await w.h.db('pages').where({ exterior_id: copyId })).toEqual([]);
    expect(await w.h.db('exteriors').where({ id: copyId })).toEqual([]);
  });

  test('an appearance whose templates frame pages elsewhere cannot be deleted', async () => {
    const original = (await list()).find((e: { name: string }) => e.name === 'Contract');
    const copyId = (await post(w.h, `${EXTERIOR}/copy/${original.id}`, { name: 'Shared frame' }, w.managerA)).body.data
      .id;
    const frame = await w.h.db('pages').where({ exterior_id: copyId, name: 'page' }).first();
    const aPage = await w.h.db('pages').where({ conference_id: w.a, exterior_id: original.id, type: 'PAGE' }).first();
    await w.h.db('pages').where({ id: aPage!.id }).update({ template_id: frame!.id });
    const before = await stateOf(w.h, w.a);
    expect((await del(w.h, `${EXTERIOR}/delete/${copyId}`, w.managerA)).body).toMatchObject({
      code: 400,
      message: 'manageSite:exteriorTemplatesUsed',
    });
    expect(await stateOf(w.h, w.a)).toEqual(before);
    await w.h.db('pages').where({ id: aPage!.id }).update({ template_id: aPage!.template_id });
  });

  test('use, copy and delete of an unknown id are not found', async () => {
    for (const call of [
      post(w.h, `${EXTERIOR}/use/999999`, {}, w.managerA),
      post(w.h, `${EXTERIOR}/copy/999999`, { name: 'x' }, w.managerA),
      del(w.h, `${EXTERIOR}/delete/999999`, w.managerA),
    ]) {
      expect((await call).body).toMatchObject({ code: 404, message: 'commonMsg.notFound' });
    }
    expect((await findConfig(w.h, w.managerA)).config).toBeTruthy();
  });

  test('a copy posted without a body names the missing name; a malformed id is not found before the name is read', async () => {
    const original = (await list()).find((e: { name: string }) => e.name === 'Contract');
    const bare = (path: string) =>
      request(w.h.app)
        .post(`/api${path}`)
        .set('Host', A)
        .set('Origin', `http://${A}`)
        .set('Cookie', `token=${w.managerA}`);
    expect((await bare(`${EXTERIOR}/copy/${original.id}`)).body).toMatchObject({
      code: 400,
      message: 'manageSite:exteriorNameRequired',
      field: 'name',
    });
    expect((await bare(`${EXTERIOR}/copy/abc`)).body).toMatchObject({ code: 404, message: 'commonMsg.notFound' });
  });
});
