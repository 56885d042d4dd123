/**
 * The menu editor's calls (docs/site-management/menus.md), move, publish and delete: every rule
 * and its message, and what the public site shows after a change (the call and the rendered
 * #template-menu, at once). The tree and save: editorSave.test.ts.
 */
import { describe, expect, test } from 'vitest';
import { t } from '../../../../server/platform/i18n';
import { freshSite } from './helpers';
import { useEditorHarness, h, START, expectError } from './editorWorld';

useEditorHarness();

describe('move', () => {
  test('reorders siblings, renumbering their sort, and the site shows it at once', async () => {
    const s = await freshSite(h);
    expect(await s.renderedTree()).toEqual(START);
    const outer = await s.item('外部');
    await s.post('move', { id: outer.id, parentId: null, index: 0 }).expect(200);
    expect(await s.publicTree()).toEqual(['外部', '首页', ['会议', ['关于']]]);
    expect(await s.renderedTree()).toEqual(['外部', '首页', ['会议', ['关于']]]);
    const top = await h
      .db('menus')
      .where({ conference_id: s.id, lang: 'zh', parent_id: null })
      .orderBy('sort')
      .select('title', 'sort');
    expect(top.map((r) => [r.title, Number(r.sort)])).toEqual([
      ['外部', 0],
      ['首页', 1],
      ['会议', 2],
      ['草稿', 3],
    ]);
  });

  test('reparents into a submenu at an index, and out again', async () => {
    const s = await freshSite(h);
    const home = await s.item('首页');
    const conf = await s.item('会议');
    await s.post('move', { id: home.id, parentId: conf.id, index: 1 }).expect(200);
    expect(await s.publicTree()).toEqual([['会议', ['关于', '首页']], '外部']);
    expect(await s.renderedTree()).toEqual([['会议', ['关于', '首页']], '外部']);
    const children = await h
      .db('menus')
      .where({ conference_id: s.id, parent_id: conf.id })
      .orderBy('sort')
      .select('title', 'sort');
    expect(children.map((r) => [r.title, Number(r.sort)])).toEqual([
      ['关于', 0],
      ['首页', 1],
      ['隐藏', 2],
    ]);
    // an index past the end puts it last
    await s.post('move', { id: home.id, parentId: null, index: 99 }).expect(200);
    expect(await s.publicTree()).toEqual([['会议', ['关于']], '外部', '首页']);
    const left = await h
      .db('menus')
      .where({ conference_id: s.id, parent_id: conf.id })
      .orderBy('sort')
      .select('title', 'sort');
    expect(left.map((r) => [r.title, Number(r.sort)])).toEqual([
      ['关于', 0],
      ['隐藏', 1],
    ]);
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
      [['首页'], ['会议'], ['外部'], ['草稿'], ['草稿子项'], ['关于'], ['Home', 'en'], ['About', 'en']].map(
        async ([title, lang]) => (await s.item(title, lang as 'zh' | 'en')).id,
      ),
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
    await expectError(
      await s.post('move', { id: conf.id, parentId: about.id, index: 0 }),
      400,
      'manageMenus:parentCycle',
      'parentId',
    );
    await expectError(
      await s.post('move', { id: conf.id, parentId: conf.id, index: 0 }),
      400,
      'manageMenus:parentCycle',
      'parentId',
    );
    await expectError(
      await s.post('move', { id: conf.id, parentId: (await s.item('Home', 'en')).id, index: 0 }),
      400,
      'manageMenus:parentNotFound',
      'parentId',
    );
    await expectError(await s.post('move', { id: 999999, parentId: null, index: 0 }), 404, 'commonMsg.notFound');
    await expectError(
      await s.post('move', { id: conf.id, parentId: null, index: -1 }),
      400,
      'commonMsg.invalidInput',
      'index',
    );
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
    await expectError(
      await s.post('publish', { ids: [draftChild.id, hidden.id], published: true }),
      400,
      'manageMenus:parentNotPublished',
      'ids',
    );
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
    await expectError(
      await s.post('publish', { ids: [(await s.item('首页')).id] }),
      400,
      'commonMsg.invalidInput',
      'published',
    );
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
    await s
      .post('delete', {
        ids: [(await s.item('草稿')).id, (await s.item('草稿子项')).id, (await s.item('About', 'en')).id],
      })
      .expect(200);
    expect((await s.rows()).map((r) => r.title)).toEqual(['首页', '会议', '关于', '隐藏', '外部', 'Home']);
  });

  test('an unknown id refuses the whole call', async () => {
    const s = await freshSite(h);
    const before = await s.rows();
    await expectError(await s.post('delete', { ids: [(await s.item('首页')).id, 999999] }), 404, 'commonMsg.notFound');
    expect(await s.rows()).toEqual(before);
  });
});
