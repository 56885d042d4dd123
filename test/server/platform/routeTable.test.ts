/** Every route declares who may call it (DESIGN.md 4): walk the router table, fail on any gap. */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { routeTable } from '../../helpers/routes';
import { ACCESS_LEVELS } from '../../../server/contract/enums';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
});
afterAll(() => h?.stop());

test('the router table has routes, and each declares an access level first', () => {
  const routes = routeTable(h.express);
  expect(routes.length).toBeGreaterThan(10);
  const undeclared = routes.filter((r) => !r.access || !(ACCESS_LEVELS as readonly string[]).includes(r.access));
  expect(undeclared.map((r) => `${r.method} ${r.path}`)).toEqual([]);
});

test('the walk sees the API routers with their mount path (it would catch a nested router without declarations)', () => {
  const routes = routeTable(h.express).map((r) => `${r.method} ${r.path}`);
  expect(routes).toContain('GET /api/conference/platform/config/website/findConferenceWebsiteConfig');
  expect(routes).toContain('DELETE /api/base/oauth/logout');
  expect(routes).toContain('GET /page/:pageId');
});
