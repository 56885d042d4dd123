/**
 * The menu editor's calls (docs/site-management/menus.md), the tree and save: every rule and its
 * message, and what the public site shows after a change (the call and the rendered
 * #template-menu, at once). Move, publish and delete: editorMoves.test.ts.
 */
import { describe, expect, test } from 'vitest';
import { page } from '../../../helpers/http';
import { freshSite } from './helpers';
import { useEditorHarness, h, START, expectError } from './editorWorld';

useEditorHarness();

describe('tree', () => {
  test('gives the whole tree of a language, published or not, with link and page names', async () => {
    const s = await freshSite(h);
    const res = await s.get('tree?lang=zh');
    expect(res.status).toBe(200);
    const tree = res.body.data;
    expect(tree.map((n: { title: string }) => n.title)).toEqual(['首页', '会议', '外部', '草稿']);
    expect(tree[0]).toMatchObject({
      title: '首页',
      icon: 'icon-home fa',
      pageId: await s.pageId('首页'),
      pageName: '首页',
      href: null,
      published: true,
      parentId: null,
      newWindow: false,
    });
    expect(tree[1].children.map((n: { title: string; published: boolean }) => [n.title, n.published])).toEqual([
      ['关于', true],
      ['隐藏', false],
    ]);
    expect(tree[2]).toMatchObject({ title: '外部', href: 'https://example.org/', newWindow: true, pageId: null });
    expect(tree[3]).toMatchObject({
      title: '草稿',
      published: false,
      children: [expect.objectContaining({ title: '草稿子项', published: true })],
    });
    const en = await s.get('tree?lang=en');
    expect(en.body.data.map((n: { title: string }) => n.title)).toEqual(['Home', 'About']);
  });

  test('needs a valid language', async () => {
    const s = await freshSite(h);
    await expectError(await s.get('tree?lang=fr'), 400, 'manageMenus:langInvalid', 'lang');
    await expectError(await s.get('tree'), 400, 'manageMenus:langInvalid', 'lang');
  });
});

describe('save', () => {
  test('creates an item last among its siblings, unpublished unless asked, and the site shows it at once', async () => {
    const s = await freshSite(h);
    expect(await s.renderedTree()).toEqual(START); // now cached for anonymous visitors
    const conf = await s.item('会议');
    const res = await s.post('save', {
      lang: 'zh',
      parentId: conf.id,
      title: '  日程 ',
      icon: ' icon-calendar   fa ',
      pageId: await s.pageId('关于'),
      published: true,
    });
    expect(res.status).toBe(200);
    const created = await s.item('日程');
    expect(created).toMatchObject({
      id: res.body.data.id,
      parent_id: conf.id,
      sort: 2,
      icon: 'icon-calendar fa',
      href: null,
    });
    expect(Boolean(created.published)).toBe(true);
    expect(await s.renderedTree()).toEqual(['首页', ['会议', ['关于', '日程']], '外部']);
    expect(await s.publicTree()).toEqual(['首页', ['会议', ['关于', '日程']], '外部']);

    await s.post('save', { lang: 'zh', parentId: null, title: '草案', href: '/page/1' }).expect(200);
    expect(Boolean((await s.item('草案')).published)).toBe(false);
    expect((await s.item('草案')).sort).toBe(4);
  });

  test('updates an item; the rendered link, icon and new window follow', async () => {
    const s = await freshSite(h);
    const home = await s.item('首页');
    await s
      .post('save', {
        id: home.id,
        lang: 'zh',
        parentId: null,
        title: '主页',
        icon: 'icon-home',
        newWindow: true,
        href: 'mailto:info@example.org',
      })
      .expect(200);
    const { $ } = await page(h.app, '/', { host: s.host, lang: 'zh' });
    const a = $('#template-menu > li').first().children('a');
    expect(a.attr('href')).toBe('mailto:info@example.org');
    expect(a.attr('target')).toBe('_blank');
    expect(a.find('i.template-menu-icon').attr('class')).toBe('template-menu-icon icon-home');
    expect(a.text()).toBe('主页');
    const row = await s.item('主页');
    expect(row).toMatchObject({ page_id: null, href: 'mailto:info@example.org', sort: home.sort });
    // published is kept when the call does not name it
    expect(Boolean(row.published)).toBe(true);
  });

  test('an update without parentId or published leaves them as they are; a create without parentId is top level', async () => {
    const s = await freshSite(h);
    const about = await s.item('关于');
    await s.post('save', { id: about.id, lang: 'zh', title: '简介', pageId: about.page_id }).expect(200);
    expect(await s.item('简介')).toMatchObject({
      parent_id: about.parent_id,
      sort: about.sort,
      published: about.published,
    });
    await s.post('save', { lang: 'zh', title: '顶级', href: '/' }).expect(200);
    expect((await s.item('顶级')).parent_id).toBeNull();
  });

  test.each([
    [{ title: '' }, 'manageMenus:titleRequired', 'title'],
    [{ title: '   ' }, 'manageMenus:titleRequired', 'title'],
    [{ title: undefined }, 'manageMenus:titleRequired', 'title'],
    [{ title: '长'.repeat(101) }, 'manageMenus:titleTooLong', 'title'],
    [{ icon: 'icon-home <b>' }, 'manageMenus:iconInvalid', 'icon'],
    [{ icon: 'icon-home" onmouseover="x' }, 'manageMenus:iconInvalid', 'icon'],
    [{ icon: '1abc' }, 'manageMenus:iconInvalid', 'icon'],
    [{ icon: `a${' b'.repeat(100)}` }, 'manageMenus:iconInvalid', 'icon'],
    [{ lang: 'fr' }, 'manageMenus:langInvalid', 'lang'],
    [{ href: `https://example.org/${'a'.repeat(1000)}`, pageId: null }, 'manageMenus:hrefTooLong', 'href'],
  ])('refuses %j with %s', async (change, message, field) => {
    const s = await freshSite(h);
    const before = await s.rows();
    await expectError(
      await s.post('save', { lang: 'zh', parentId: null, title: '新', pageId: await s.pageId('关于'), ...change }),
      400,
      message,
      field,
    );
    expect(await s.rows()).toEqual(before);
  });

  test('the title may be exactly 100 characters; the icon exactly 200', async () => {
    const s = await freshSite(h);
    const icon = `a${' b'.repeat(99)}c`.slice(0, 200);
    expect(icon.length).toBe(200);
    await s.post('save', { lang: 'zh', parentId: null, title: '长'.repeat(100), icon, href: '/' }).expect(200);
  });

  describe('links', () => {
    test('a leaf needs a page or an address', async () => {
      const s = await freshSite(h);
      await expectError(
        await s.post('save', { lang: 'zh', parentId: null, title: '空' }),
        400,
        'manageMenus:linkRequired',
        'pageId',
      );
      await expectError(
        await s.post('save', { lang: 'zh', parentId: null, title: '空', href: '   ', pageId: null }),
        400,
        'manageMenus:linkRequired',
        'pageId',
      );
      const about = await s.item('关于');
      await expectError(
        await s.post('save', { id: about.id, lang: 'zh', parentId: about.parent_id, title: '关于' }),
        400,
        'manageMenus:linkRequired',
        'pageId',
      );
    });

    test('an item with children may have no link', async () => {
      const s = await freshSite(h);
      const home = await s.item('首页');
      await s.post('save', { lang: 'zh', parentId: home.id, title: '子', href: '/' }).expect(200);
      await s.post('save', { id: home.id, lang: 'zh', parentId: null, title: '首页' }).expect(200);
      expect(await s.item('首页')).toMatchObject({ page_id: null, href: null });
    });

    test('not both a page and an address', async () => {
      const s = await freshSite(h);
      await expectError(
        await s.post('save', { lang: 'zh', parentId: null, title: '双', href: '/x', pageId: await s.pageId('关于') }),
        400,
        'manageMenus:linkBoth',
        'href',
      );
    });

    test.each([
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:x',
      'java\tscript:alert(1)',
      'ftp://example.org/',
      'example.org',
      '/ok\u0000',
    ])('an unsafe address is refused: %j', async (href) => {
      const s = await freshSite(h);
      await expectError(
        await s.post('save', { lang: 'zh', parentId: null, title: '坏', href }),
        400,
        'manageMenus:hrefUnsafe',
        'href',
      );
    });

    test.each([
      '/page/3',
      '#programme',
      'http://example.org/a?b=1',
      'HTTPS://EXAMPLE.ORG',
      'mailto:a@example.org',
      'tel:+861012345678',
    ])('a safe address is kept: %s', async (href) => {
      const s = await freshSite(h);
      await s.post('save', { lang: 'zh', parentId: null, title: '好', href }).expect(200);
      expect((await s.item('好')).href).toBe(href);
    });

    test('a page of the other language may be linked; a template, a mobile variant or a missing page may not', async () => {
      const s = await freshSite(h);
      await s
        .post('save', { lang: 'zh', parentId: null, title: '英文页', pageId: await s.pageId('About') })
        .expect(200);
      const template = await h.db('pages').where({ conference_id: s.id, type: 'TEMPLATE' }).first();
      const mobile = await h.db('pages').where({ conference_id: s.id, type: 'PAGE', is_mobile: true }).first();
      for (const pageId of [Number(template!.id), Number(mobile!.id), 999999]) {
        await expectError(
          await s.post('save', { lang: 'zh', parentId: null, title: '坏页', pageId }),
          400,
          'manageMenus:pageNotFound',
          'pageId',
        );
      }
      await expectError(
        await s.post('save', { lang: 'zh', parentId: null, title: '坏页', pageId: 'x' }),
        400,
        'manageMenus:pageNotFound',
        'pageId',
      );
    });
  });

  describe('parent', () => {
    test('must be an item of the same language', async () => {
      const s = await freshSite(h);
      const enHome = await s.item('Home', 'en');
      await expectError(
        await s.post('save', { lang: 'zh', parentId: enHome.id, title: '子', href: '/' }),
        400,
        'manageMenus:parentNotFound',
        'parentId',
      );
      await expectError(
        await s.post('save', { lang: 'zh', parentId: 999999, title: '子', href: '/' }),
        400,
        'manageMenus:parentNotFound',
        'parentId',
      );
    });

    test('cannot be the item itself or one of its descendants', async () => {
      const s = await freshSite(h);
      const draft = await s.item('草稿');
      const child = await s.item('草稿子项');
      const before = await s.rows();
      await expectError(
        await s.post('save', { id: draft.id, lang: 'zh', parentId: draft.id, title: '草稿', pageId: draft.page_id }),
        400,
        'manageMenus:parentCycle',
        'parentId',
      );
      await expectError(
        await s.post('save', { id: draft.id, lang: 'zh', parentId: child.id, title: '草稿', pageId: draft.page_id }),
        400,
        'manageMenus:parentCycle',
        'parentId',
      );
      expect(await s.rows()).toEqual(before);
    });

    test('changing the parent in save puts the item last under the new parent', async () => {
      const s = await freshSite(h);
      const home = await s.item('首页');
      const conf = await s.item('会议');
      await s
        .post('save', { id: home.id, lang: 'zh', parentId: conf.id, title: '首页', pageId: home.page_id })
        .expect(200);
      expect(await s.publicTree()).toEqual([['会议', ['关于', '首页']], '外部']);
    });

    test('an item of another language cannot be updated through this language', async () => {
      const s = await freshSite(h);
      const enHome = await s.item('Home', 'en');
      await expectError(
        await s.post('save', { id: enHome.id, lang: 'zh', parentId: null, title: 'x', href: '/' }),
        404,
        'commonMsg.notFound',
      );
    });

    test('a new published item under an unpublished parent is refused', async () => {
      const s = await freshSite(h);
      const draft = await s.item('草稿');
      await expectError(
        await s.post('save', { lang: 'zh', parentId: draft.id, title: '新', href: '/', published: true }),
        400,
        'manageMenus:parentNotPublished',
        'published',
      );
      await s.post('save', { lang: 'zh', parentId: draft.id, title: '新', href: '/', published: false }).expect(200);
    });
  });
});
