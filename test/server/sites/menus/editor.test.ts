/**
 * The menu editor's calls (docs/site-management/menus.md): every rule and its message, and what
 * the public site shows after a change (the call and the rendered #template-menu, at once).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../../helpers/harness';
import { page } from '../../../helpers/http';
import { t } from '../../../../server/platform/i18n';
import { freshSite } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
});
afterAll(() => h?.stop());

const START = ['首页', ['会议', ['关于']], '外部'];

async function expectError(res: { status: number; body: { code: number; message: string; field?: string } }, status: number, message: string, field?: string) {
  expect({ status: res.status, code: res.body.code, message: res.body.message, ...(field ? { field: res.body.field } : {}) }).toEqual({ status, code: status, message, ...(field ? { field } : {}) });
}

describe('tree', () => {
  test('gives the whole tree of a language, published or not, with link and page names', async () => {
    const s = await freshSite(h);
    const res = await s.get('tree?lang=zh');
    expect(res.status).toBe(200);
    const tree = res.body.data;
    expect(tree.map((n: { title: string }) => n.title)).toEqual(['首页', '会议', '外部', '草稿']);
    expect(tree[0]).toMatchObject({ title: '首页', icon: 'icon-home fa', pageId: await s.pageId('首页'), pageName: '首页', href: null, published: true, parentId: null, newWindow: false });
    expect(tree[1].children.map((n: { title: string; published: boolean }) => [n.title, n.published])).toEqual([['关于', true], ['隐藏', false]]);
    expect(tree[2]).toMatchObject({ title: '外部', href: 'https://example.org/', newWindow: true, pageId: null });
    expect(tree[3]).toMatchObject({ title: '草稿', published: false, children: [expect.objectContaining({ title: '草稿子项', published: true })] });
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
    const res = await s.post('save', { lang: 'zh', parentId: conf.id, title: '  日程 ', icon: ' icon-calendar   fa ', pageId: await s.pageId('关于'), published: true });
    expect(res.status).toBe(200);
    const created = await s.item('日程');
    expect(created).toMatchObject({ id: res.body.data.id, parent_id: conf.id, sort: 2, icon: 'icon-calendar fa', href: null });
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
    await s.post('save', { id: home.id, lang: 'zh', parentId: null, title: '主页', icon: 'icon-home', newWindow: true, href: 'mailto:info@example.org' }).expect(200);
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
    expect(await s.item('简介')).toMatchObject({ parent_id: about.parent_id, sort: about.sort, published: about.published });
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
    await expectError(await s.post('save', { lang: 'zh', parentId: null, title: '新', pageId: await s.pageId('关于'), ...change }), 400, message, field);
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
      await expectError(await s.post('save', { lang: 'zh', parentId: null, title: '空' }), 400, 'manageMenus:linkRequired', 'pageId');
      await expectError(await s.post('save', { lang: 'zh', parentId: null, title: '空', href: '   ', pageId: null }), 400, 'manageMenus:linkRequired', 'pageId');
      const about = await s.item('关于');
      await expectError(await s.post('save', { id: about.id, lang: 'zh', parentId: about.parent_id, title: '关于' }), 400, 'manageMenus:linkRequired', 'pageId');
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
      await expectError(await s.post('save', { lang: 'zh', parentId: null, title: '双', href: '/x', pageId: await s.pageId('关于') }), 400, 'manageMenus:linkBoth', 'href');
    });

    test.each(['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x', 'java\tscript:alert(1)', 'ftp://example.org/', 'example.org', '/ok\u0000'])(
      'an unsafe address is refused: %j',
      async (href) => {
        const s = await freshSite(h);
        await expectError(await s.post('save', { lang: 'zh', parentId: null, title: '坏', href }), 400, 'manageMenus:hrefUnsafe', 'href');
      },
    );

    test.each(['/page/3', '#programme', 'http://example.org/a?b=1', 'HTTPS://EXAMPLE.ORG', 'mailto:a@example.org', 'tel:+861012345678'])('a safe address is kept: %s', async (href) => {
      const s = await freshSite(h);
      await s.post('save', { lang: 'zh', parentId: null, title: '好', href }).expect(200);
      expect((await s.item('好')).href).toBe(href);
    });

    test('a page of the other language may be linked; a template, a mobile variant or a missing page may not', async () => {
      const s = await freshSite(h);
      await s.post('save', { lang: 'zh', parentId: null, title: '英文页', pageId: await s.pageId('About') }).expect(200);
      const template = await h.db('pages').where({ conference_id: s.id, type: 'TEMPLATE' }).first();
      const mobile = await h.db('pages').where({ conference_id: s.id, type: 'PAGE', is_mobile: true }).first();
      for (const pageId of [Number(template.id), Number(mobile.id), 999999]) {
        await expectError(await s.post('save', { lang: 'zh', parentId: null, title: '坏页', pageId }), 400, 'manageMenus:pageNotFound', 'pageId');
      }
      await expectError(await s.post('save', { lang: 'zh', parentId: null, title: '坏页', pageId: 'x' }), 400, 'manageMenus:pageNotFound', 'pageId');
    });
  });

  describe('parent', () => {
    test('must be an item of the same language', async () => {
      const s = await freshSite(h);
      const enHome = await s.item('Home', 'en');
      await expectError(await s.post('save', { lang: 'zh', parentId: enHome.id, title: '子', href: '/' }), 400, 'manageMenus:parentNotFound', 'parentId');
      await expectError(await s.post('save', { lang: 'zh', parentId: 999999, title: '子', href: '/' }), 400, 'manageMenus:parentNotFound', 'parentId');
    });

    test('cannot be the item itself or one of its descendants', async () => {
      const s = await freshSite(h);
      const draft = await s.item('草稿');
      const child = await s.item('草稿子项');
      const before = await s.rows();
      await expectError(await s.post('save', { id: draft.id, lang: 'zh', parentId: draft.id, title: '草稿', pageId: draft.page_id }), 400, 'manageMenus:parentCycle', 'parentId');
      await expectError(await s.post('save', { id: draft.id, lang: 'zh', parentId: child.id, title: '草稿', pageId: draft.page_id }), 400, 'manageMenus:parentCycle', 'parentId');
      expect(await s.rows()).toEqual(before);
    });

    test('changing the parent in save puts the item last under the new parent', async () => {
      const s = await freshSite(h);
      const home = await s.item('首页');
      const conf = await s.item('会议');
      await s.post('save', { id: home.id, lang: 'zh', parentId: conf.id, title: '首页', pageId: home.page_id }).expect(200);
      expect(await s.publicTree()).toEqual([['会议', ['关于', '首页']], '外部']);
    });

    test('an item of another language cannot be updated through this language', async () => {
      const s = await freshSite(h);
      const enHome = await s.item('Home', 'en');
      await expectError(await s.post('save', { id: enHome.id, lang: 'zh', parentId: null, title: 'x', href: '/' }), 404, 'commonMsg.notFound');
    });

    test('a new published item under an unpublished parent is refused', async () => {
      const s = await freshSite(h);
      const draft = await s.item('草稿');
      await expectError(await s.post('save', { lang: 'zh', parentId: draft.id, title: '新', href: '/', published: true }), 400, 'manageMenus:parentNotPublished', 'published');
      await s.post('save', { lang: 'zh', parentId: draft.id, title: '新', href: '/', published: false }).expect(200);
    });
  });
});

describe('move', () => {
  test('reorders siblings, renumbering their sort, and the site shows it at once', async () => {
    const s = await freshSite(h);
    expect(await s.renderedTree()).toEqual(START);
    const outer = await s.item('外部');
    await s.post('move', { id: outer.id, parentId: null, index: 0 }).expect(200);
    expect(await s.publicTree()).toEqual(['外部', '首页', ['会议', ['关于']]]);
    expect(await s.renderedTree()).toEqual(['外部', '首页', ['会议', ['关于']]]);
    const top = await h.db('menus').where({ conference_id: s.id, lang: 'zh', parent_id: null }).orderBy('sort').select('title', 'sort');
    expect(top.map((r) => [r.title, Number(r.sort)])).toEqual([['外部', 0], ['首页', 1], ['会议', 2], ['草稿', 3]]);
  });

  test('reparents into a submenu at an index, and out again', async () => {
    const s = await freshSite(h);
    const home = await s.item('首页');
    const conf = await s.item('会议');
    await s.post('move', { id: home.id, parentId: conf.id, index: 1 }).expect(200);
    expect(await s.publicTree()).toEqual([['会议', ['关于', '首页']], '外部']);
    expect(await s.renderedTree()).toEqual([['会议', ['关于', '首页']], '外部']);
    const children = await h.db('menus').where({ conference_id: s.id, parent_id: conf.id }).orderBy('sort').select('title', 'sort');
    expect(children.map((r) => [r.title, Number(r.sort)])).toEqual([['关于', 0], ['首页', 1], ['隐藏', 2]]);
    // an index past the end puts it last
    await s.post('move', { id: home.id, parentId: null, index: 99 }).expect(200);
    expect(await s.publicTree()).toEqual([['会议', ['关于']], '外部', '首页']);
    const left = await h.db('menus').where({ conference_id: s.id, parent_id: conf.id }).orderBy('sort').select('title', 'sort');
    expect(left.map((r) => [r.title, Number(r.sort)])).toEqual([['关于', 0], ['隐藏', 1]]);
  });

  test('concurrent moves leave a clean order: every sibling list numbered 0..n-1', async () => {
    const s = await freshSite(h);
    const ids = await Promise.all(['首页', '会议', '外部', '草稿'].map(async (title) => (await s.item(title)).id));
    const conf = ids[1];
    const results = await Promise.all([
      ...ids.map((id, i) => s.post('move', { id, parentId: null, index: (i * 3) % 4 })),
      s.post('move', { id: (await s.item('关于')).id, parentId: null, index: 1 }),
      s.post('move', { id: (await s.item('隐藏')).id, parentId: ids[0], index: 0 }),
    ]);
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
    const rows = await h.db('menus').where({ conference_id: s.id, lang: 'zh' }).select('parent_id', 'sort');
    const lists = new Map<string, number[]>();
    for (const r of rows) lists.set(String(r.parent_id), [...(lists.get(String(r.parent_id)) ?? []), Number(r.sort)]);
    for (const sorts of lists.values()) expect(sorts.sort((x, y) => x - y)).toEqual(sorts.map((_, i) => i));
    expect(lists.get(String(conf))).toBeUndefined(); // both children left 会议
  });

  test('concurrent moves, saves, publishes and deletes over both languages all go through', async () => {
    const s = await freshSite(h);
    const [home, conf, outer, draft, child, about, enHome, enAbout] = await Promise.all(
      [['首页'], ['会议'], ['外部'], ['草稿'], ['草稿子项'], ['关于'], ['Home', 'en'], ['About', 'en']].map(async ([title, lang]) => (await s.item(title, lang as 'zh' | 'en')).id),
    );
    const results = await Promise.all([
      s.post('move', { id: outer, parentId: conf, index: 0 }),
      s.post('publish', { ids: [child, enAbout, draft], published: true }),
      s.post('move', { id: home, parentId: null, index: 3 }),
      s.post('delete', { ids: [enHome, about] }),
      s.post('save', { lang: 'en', parentId: enAbout, title: 'Venue', href: '/' }),
      s.post('publish', { ids: [conf], published: false }),
      s.post('move', { id: enAbout, parentId: null, index: 0 }),
    ]);
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
    expect(await s.publicTree('en')).toEqual(['About']);
    expect(await s.publicTree()).toEqual([['草稿', ['草稿子项']], '首页']);
  });

  test('a published item moved under an unpublished parent stays published but is not shown', async () => {
    const s = await freshSite(h);
    const home = await s.item('首页');
    await s.post('move', { id: home.id, parentId: (await s.item('草稿')).id, index: 0 }).expect(200);
    expect(await s.publicTree()).toEqual([['会议', ['关于']], '外部']);
    expect(Boolean((await s.item('首页')).published)).toBe(true);
  });

  test('refuses a cycle, another language and unknown items, changing nothing', async () => {
    const s = await freshSite(h);
    const conf = await s.item('会议');
    const about = await s.item('关于');
    const before = await s.rows();
    await expectError(await s.post('move', { id: conf.id, parentId: about.id, index: 0 }), 400, 'manageMenus:parentCycle', 'parentId');
    await expectError(await s.post('move', { id: conf.id, parentId: conf.id, index: 0 }), 400, 'manageMenus:parentCycle', 'parentId');
    await expectError(await s.post('move', { id: conf.id, parentId: (await s.item('Home', 'en')).id, index: 0 }), 400, 'manageMenus:parentNotFound', 'parentId');
    await expectError(await s.post('move', { id: 999999, parentId: null, index: 0 }), 404, 'commonMsg.notFound');
    await expectError(await s.post('move', { id: conf.id, parentId: null, index: -1 }), 400, 'commonMsg.invalidInput', 'index');
    expect(await s.rows()).toEqual(before);
  });
});

describe('publish', () => {
  test("a child of an unpublished parent cannot be published: 'Parent menu is not published'", async () => {
    const s = await freshSite(h);
    expect(t('en', 'manageMenus:parentNotPublished')).toBe('Parent menu is not published');
    const hidden = await s.item('隐藏');
    await s.post('publish', { ids: [(await s.item('草稿')).id], published: false }).expect(200);
    const draftChild = await s.item('草稿子项');
    await s.post('publish', { ids: [draftChild.id], published: false }).expect(200);
    const before = await s.rows();
    await expectError(await s.post('publish', { ids: [draftChild.id, hidden.id], published: true }), 400, 'manageMenus:parentNotPublished', 'ids');
    expect(await s.rows()).toEqual(before); // the whole call is refused, not half done
  });

  test('publishing a parent with its child in one call works; the site shows both at once', async () => {
    const s = await freshSite(h);
    expect(await s.renderedTree()).toEqual(START);
    const draft = await s.item('草稿');
    const child = await s.item('草稿子项');
    await s.post('publish', { ids: [child.id], published: false }).expect(200);
    await s.post('publish', { ids: [child.id, draft.id], published: true }).expect(200);
    expect(await s.renderedTree()).toEqual([...START, ['草稿', ['草稿子项']]]);
  });

  test('unpublishing a parent changes nothing else; its children disappear from the site with it', async () => {
    const s = await freshSite(h);
    expect(await s.renderedTree()).toEqual(START);
    const conf = await s.item('会议');
    await s.post('publish', { ids: [conf.id], published: false }).expect(200);
    expect(Boolean((await s.item('关于')).published)).toBe(true);
    expect(await s.renderedTree()).toEqual(['首页', '外部']);
    expect(await s.publicTree()).toEqual(['首页', '外部']);
    await s.post('publish', { ids: [conf.id], published: true }).expect(200);
    expect(await s.renderedTree()).toEqual(START);
  });

  test('needs a selection and known items', async () => {
    const s = await freshSite(h);
    await expectError(await s.post('publish', { ids: [], published: true }), 400, 'manageMenus:selectItems', 'ids');
    await expectError(await s.post('publish', { ids: [999999], published: true }), 404, 'commonMsg.notFound');
    await expectError(await s.post('publish', { ids: [(await s.item('首页')).id] }), 400, 'commonMsg.invalidInput', 'published');
  });
});

describe('delete', () => {
  test("an empty selection: 'Please select data to delete'", async () => {
    const s = await freshSite(h);
    expect(t('en', 'manageMenus:selectToDelete')).toBe('Please select data to delete');
    await expectError(await s.post('delete', { ids: [] }), 400, 'manageMenus:selectToDelete', 'ids');
    await expectError(await s.post('delete', {}), 400, 'manageMenus:selectToDelete', 'ids');
  });

  test('deleting an item deletes everything below it; the site shows it at once', async () => {
    const s = await freshSite(h);
    expect(await s.renderedTree()).toEqual(START);
    const conf = await s.item('会议');
    const about = await s.item('关于');
    await s.post('save', { lang: 'zh', parentId: about.id, title: '孙', href: '/', published: true }).expect(200);
    const res = await s.post('delete', { ids: [conf.id] });
    expect(res.body.data).toEqual({ deleted: 4 });
    const titles = (await s.rows()).filter((r) => r.lang === 'zh').map((r) => r.title);
    expect(titles).toEqual(['首页', '外部', '草稿', '草稿子项']);
    expect(await s.renderedTree()).toEqual(['首页', '外部']);
    // the English menu is untouched
    expect(await s.publicTree('en')).toEqual(['Home', 'About']);
  });

  test('a parent and its child in one call; items of both languages in one call', async () => {
    const s = await freshSite(h);
    await s.post('delete', { ids: [(await s.item('草稿')).id, (await s.item('草稿子项')).id, (await s.item('About', 'en')).id] }).expect(200);
    expect((await s.rows()).map((r) => r.title)).toEqual(['首页', '会议', '关于', '隐藏', '外部', 'Home']);
  });

  test('an unknown id refuses the whole call', async () => {
    const s = await freshSite(h);
    const before = await s.rows();
    await expectError(await s.post('delete', { ids: [(await s.item('首页')).id, 999999] }), 404, 'commonMsg.notFound');
    expect(await s.rows()).toEqual(before);
  });
});
