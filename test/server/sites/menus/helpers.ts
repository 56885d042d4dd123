/** A contract site per test (so tests do not depend on each other), with its manager and menu calls. */
import request from 'supertest';
import type { Harness } from '../../../helpers/harness';
import { contractSite } from '../../../fixtures/contractSite';
import { apiPost } from '../../../helpers/accounts';
import { page } from '../../../helpers/http';

export type Site = {
  id: number;
  host: string;
  token: string;
  item(
    title: string,
    lang?: 'zh' | 'en',
  ): Promise<{
    id: number;
    parent_id: number | null;
    sort: number;
    published: number | boolean;
    page_id: number | null;
    href: string | null;
    icon: string;
    title: string;
    new_window: number | boolean;
  }>;
  pageId(name: string): Promise<number>;
  post(path: string, body: unknown, token?: string): request.Test;
  get(path: string, token?: string): request.Test;
  /** The published tree as the public site's call gives it: titles, nested. */
  publicTree(lang?: 'zh' | 'en'): Promise<Tree>;
  /** The menu rendered into #template-menu on the home page, as titles, nested. */
  renderedTree(lang?: 'zh' | 'en'): Promise<Tree>;
  rows(): Promise<Array<Record<string, unknown>>>;
};
export type Tree = Array<string | [string, Tree]>;

let counter = 0;

export async function freshSite(h: Harness, overrides: Parameters<typeof contractSite>[0] = {}): Promise<Site> {
  counter += 1;
  const slug = `menus${counter}`;
  const host = `${slug}.localhost`;
  const id = await h.provision(contractSite({ slug, domains: [host], ...overrides }));
  const token = await h.login({ email: `manager-${slug}@example.org`, conferenceId: id, roles: ['manager'] });
  const toTree = (nodes: Array<{ title: string; children: unknown[] }>): Tree =>
    nodes.map((n) => (n.children.length ? [n.title, toTree(n.children as typeof nodes)] : n.title));
  return {
    id,
    host,
    token,
    async item(title, lang = 'zh') {
      const row = await h.db('menus').where({ conference_id: id, lang, title }).first();
      if (!row) throw new Error(`no menu item ${title}`);
      return {
        ...row,
        id: Number(row.id),
        parent_id: row.parent_id === null ? null : Number(row.parent_id),
        sort: Number(row.sort),
      };
    },
    async pageId(name) {
      return Number(
        (await h.db('pages').where({ conference_id: id, name, type: 'PAGE', is_mobile: false }).first())!.id,
      );
    },
    post: (path, body, t = token) =>
      apiPost(h.app, host, `/conference/menu/config/${path}`, body, t ? `token=${t}` : undefined),
    get: (path, t = token) => {
      const req = request(h.app).get(`/api/conference/menu/config/${path}`).set('Host', host);
      return t ? req.set('Cookie', `token=${t}`) : req;
    },
    async publicTree(lang = 'zh') {
      const res = await request(h.app)
        .get(`/api/conference/menu/config/fixedAndPublish?lang=${lang}`)
        .set('Host', host);
      return toTree(res.body.data);
    },
    async renderedTree(lang = 'zh') {
      const { $ } = await page(h.app, '/', { host, lang });
      const read = (ul: ReturnType<typeof $>): Tree =>
        ul
          .children('li.template-menu-item')
          .toArray()
          .map((li) => {
            const title = $(li).children('a').children('span').text();
            const sub = $(li).children('ul.template-submenu');
            return sub.length ? [title, read(sub)] : title;
          });
      return read($('#template-menu'));
    },
    rows: () => h.db('menus').where({ conference_id: id }).orderBy('id').select('*'),
  };
}
