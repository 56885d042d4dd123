/** Versions: each content change keeps the previous content; list, compare (line diff) and restore. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { page } from '../../helpers/http';
import { lineDiff } from '../../../server/modules/pages/versions';
import { HOST_A, newPage, pagesWorld, type PagesWorld } from './setup';

let w: PagesWorld;
beforeAll(async () => {
  w = await pagesWorld();
});
afterAll(() => w?.stop());

const save = (body: Record<string, unknown>) => w.call('post', '/conference/page/save', { body });

describe('lineDiff', () => {
  test('marks kept, removed and added lines in order', () => {
    expect(lineDiff('a\nb\nc\n', 'a\nc\nd')).toEqual([
      { op: '=', text: 'a' },
      { op: '-', text: 'b' },
      { op: '=', text: 'c' },
      { op: '+', text: 'd' },
    ]);
  });
  test('equal texts are all kept; empty texts have no lines; CRLF is a line break', () => {
    expect(lineDiff('x\r\ny', 'x\ny')).toEqual([
      { op: '=', text: 'x' },
      { op: '=', text: 'y' },
    ]);
    expect(lineDiff('', '')).toEqual([]);
    expect(lineDiff('', 'new')).toEqual([{ op: '+', text: 'new' }]);
  });
  test('a changed line in the middle of a long text is one removal and one addition', () => {
    const before = Array.from({ length: 500 }, (_, i) => `line ${i}`);
    const after = [...before];
    after[250] = 'changed';
    const diff = lineDiff(before.join('\n'), after.join('\n'));
    expect(diff.filter((l) => l.op !== '=')).toEqual([
      { op: '-', text: 'line 250' },
      { op: '+', text: 'changed' },
    ]);
    expect(diff).toHaveLength(501);
  });
  test('past a thousand changed lines: the old lines removed, then the new ones added', () => {
    const before = Array.from({ length: 1200 }, (_, i) => `old ${i}`);
    const after = Array.from({ length: 1200 }, (_, i) => `new ${i}`);
    const diff = lineDiff(before.join('\n'), after.join('\n'));
    expect(diff).toEqual([...before.map((text) => ({ op: '-', text })), ...after.map((text) => ({ op: '+', text }))]);
  });
});

describe('versions of a page', () => {
  let id: number;

  test('creating keeps no version; two saves that change the content keep two, newest first, with time and author', async () => {
    id = (await save(newPage(w, { name: 'Venue', html: '<h1>Venue</h1>\n<p>first</p>' }))).body.data.id;
    expect((await w.call('get', `/conference/page/versions/${id}`)).body.data).toEqual([]);
    await save({ ...newPage(w, { name: 'Venue', html: '<h1>Venue</h1>\n<p>second</p>' }), id });
    await save({
      ...newPage(w, { name: 'Venue and hotels', html: '<h1>Venue</h1>\n<p>third</p>', css: 'h1{color:red}' }),
      id,
    });
    const list = (await w.call('get', `/conference/page/versions/${id}`)).body.data;
    expect(list.map((v: { version: number; name: string }) => [v.version, v.name])).toEqual([
      [2, 'Venue'],
      [1, 'Venue'],
    ]);
    expect(list[0].author).toBe('管理员甲');
    expect(list[0].createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(list[0]).not.toHaveProperty('html');
  });

  test('a save that changes only settings keeps no version', async () => {
    await save({
      ...newPage(w, { name: 'Venue and hotels', html: '<h1>Venue</h1>\n<p>third</p>', css: 'h1{color:red}' }),
      id,
      needToLogin: 1,
    });
    await w.call('post', '/conference/setting/save', { body: { data: { pageId: id, needToLogin: 0 } } });
    expect((await w.call('get', `/conference/page/versions/${id}`)).body.data).toHaveLength(2);
  });

  test('one version has its content and a line diff to the current content', async () => {
    const res = await w.call('get', `/conference/page/version/${id}/1`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      version: 1,
      name: 'Venue',
      html: '<h1>Venue</h1>\n<p>first</p>',
      css: '',
      cssPath: '',
    });
    expect(res.body.data.diff.html).toEqual([
      { op: '=', text: '<h1>Venue</h1>' },
      { op: '-', text: '<p>first</p>' },
      { op: '+', text: '<p>third</p>' },
    ]);
    expect(res.body.data.diff.css).toEqual([{ op: '+', text: 'h1{color:red}' }]);
    expect((await w.call('get', `/conference/page/version/${id}/9`)).body.message).toBe('managePages:versionNotFound');
  });

  test('restore makes the version current, keeping the current content as a version first, and the site shows it', async () => {
    const res = await w.call('post', `/conference/page/restore/${id}/1`, { body: {} });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id, name: 'Venue', html: '<h1>Venue</h1>\n<p>first</p>', css: '' });
    const list = (await w.call('get', `/conference/page/versions/${id}`)).body.data;
    expect(list.map((v: { version: number; name: string }) => [v.version, v.name])).toEqual([
      [3, 'Venue and hotels'],
      [2, 'Venue'],
      [1, 'Venue'],
    ]);
    expect((await w.call('get', `/conference/page/version/${id}/3`)).body.data.html).toContain('third');
    const { $ } = await page(w.h.app, `/page/${id}`, { host: HOST_A, lang: 'en' });
    expect($('#template-content-container').text()).toContain('first');
    expect($('#template-page-name-container').text()).toBe('Venue');
  });

  test('restoring what is already current keeps no new version', async () => {
    await w.call('post', `/conference/page/restore/${id}/1`, { body: {} });
    expect((await w.call('get', `/conference/page/versions/${id}`)).body.data).toHaveLength(3);
  });

  test('a missing version or page is not found, and nothing changes', async () => {
    expect((await w.call('post', `/conference/page/restore/${id}/42`, { body: {} })).body.message).toBe(
      'managePages:versionNotFound',
    );
    expect((await w.call('get', '/conference/page/versions/999999')).body.message).toBe('managePages:notFound');
    expect((await w.call('get', '/conference/page/versions/abc')).status).toBe(400);
    expect((await w.call('get', `/conference/page/versions/${id}`)).body.data).toHaveLength(3);
  });

  test('templates have versions too', async () => {
    const tpl = (
      await save({
        type: 'TEMPLATE',
        templateKind: 'common',
        name: 'frame',
        exteriorId: w.idsA.exterior,
        html: '<main class="common-template-content-container"></main>',
      })
    ).body.data;
    await save({
      id: tpl.id,
      type: 'TEMPLATE',
      templateKind: 'common',
      name: 'frame',
      exteriorId: w.idsA.exterior,
      html: '<main class="common-template-content-container"></main><footer></footer>',
    });
    expect((await w.call('get', `/conference/page/versions/${tpl.id}`)).body.data).toHaveLength(1);
  });
});
