/**
 * Tenants stay apart (DESIGN.md 3–4; issue 4 "Access and safety"): the manager of conference A
 * calls every conference-scoped route, on conference B's domain and on A's own domain with B's
 * ids in the path and the body. Every call is refused or finds nothing, and no row of B changes.
 * The route list comes from the router table, so every new management route is covered.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import request from 'supertest';
import type { Db } from '../../../server/db/index';
import { isMysql } from '../../../server/db/index';
import { createHarness, type Harness } from '../../helpers/harness';
import { routeTable } from '../../helpers/routes';
import { contractSite } from '../../fixtures/contractSite';

let h: Harness;
let a: number;
let b: number;
let token: string;
const SCOPED = new Set(['manager', 'reviewer', 'attendee']);

async function tenantTables(db: Db): Promise<string[]> {
  const rows = isMysql(db)
    ? await db('information_schema.columns')
        .where({ column_name: 'conference_id' })
        .andWhereRaw('table_schema = database()')
        .select({ name: 'table_name' })
    : await db.raw(
        "select m.name from sqlite_master m join pragma_table_info(m.name) c where m.type = 'table' and c.name = 'conference_id'",
      );
  return (rows as Array<{ name?: string; NAME?: string; TABLE_NAME?: string }>)
    .map((r) => String(r.name ?? r.NAME ?? r.TABLE_NAME))
    .sort();
}

/** Everything of conference B, in a stable order. */
async function snapshotOf(db: Db, conferenceId: number): Promise<string> {
  const parts: Record<string, unknown> = { conference: await db('conferences').where({ id: conferenceId }).first() };
  for (const table of await tenantTables(db)) {
    parts[table] = await db(table).where({ conference_id: conferenceId }).orderByRaw('1');
  }
  return JSON.stringify(parts);
}

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  a = await h.provision(contractSite({ slug: 'a', domains: ['a.localhost'] }));
  b = await h.provision(contractSite({ slug: 'b', domains: ['b.localhost'] }));
  token = await h.login({ email: 'manager-a@example.org', conferenceId: a, roles: ['manager', 'creator'] });
});
afterAll(() => h?.stop());

function call(method: string, path: string, host: string, body: object) {
  const req = request(h.app)
    [method.toLowerCase() as 'get'](path)
    .set('Host', host)
    .set('Origin', `http://${host}`)
    .set('Cookie', `token=${token}`);
  return method === 'GET' ? req : req.send(body);
}

test("A's manager reaches nothing of B, on B's domain or with B's ids", async () => {
  const bPage = (await h.db('pages').where({ conference_id: b }).orderBy('id').first())!.id as number;
  const bMenu = (await h.db('menus').where({ conference_id: b }).orderBy('id').first())!.id as number;
  // The snapshot must really hold B's data, or the comparison below would prove nothing.
  expect(await tenantTables(h.db)).toEqual(
    expect.arrayContaining([
      'conference_domains',
      'conference_roles',
      'exteriors',
      'menus',
      'pages',
      'website_configs',
    ]),
  );
  const before = await snapshotOf(h.db, b);
  expect(before).toContain('"menus":[{');
  // Every route of a conference that needs a session: API calls and screens (management, personal centre).
  const routes = routeTable(h.express).filter(
    (r) => SCOPED.has(r.access ?? '') || (r.scope === 'conference' && r.access !== 'anonymous'),
  );
  expect(routes.some((r) => r.kind === 'page' && r.path.startsWith('/platform/'))).toBe(true);
  expect(routes.some((r) => r.kind === 'page' && r.path.startsWith('/profile/'))).toBe(true);
  expect(routes.length).toBeGreaterThan(0);
  const body = {
    id: bPage,
    ids: [bPage, bMenu],
    pageId: bPage,
    menuId: bMenu,
    parentId: bMenu,
    templateId: bPage,
    exteriorId: bPage,
    conferenceId: b,
    data: { id: bPage, pageId: bPage, conferenceId: b },
  };
  const refusals: string[] = [];
  for (const route of routes) {
    const path = route.path
      .replace(/:(\w+)/g, (_m, name: string) => String(/menu/i.test(name) ? bMenu : bPage))
      .replace(/\{\*\w+\}/g, 'x');
    // On B's domain A's token is not a session at all.
    const onB = await call(route.method, path, 'b.localhost', body);
    if (onB.status < 300 && onB.status !== 302)
      refusals.push(`${route.method} ${path} on b.localhost answered ${onB.status}`);
    // On A's domain, B's ids must find nothing of B.
    await call(route.method, path, 'a.localhost', body);
  }
  expect(refusals).toEqual([]);
  expect(await snapshotOf(h.db, b)).toBe(before);
}, 60_000); // every route of both hosts: about 9 s alone, past the default 20 s on a loaded machine
