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

test('every management and personal-centre screen declares its real level, as a page route of its conference', () => {
  const routes = routeTable(h.express);
  const screens = routes.filter((r) => /^\/(platform|profile)(\/|$)/.test(r.path));
  expect(screens.length).toBeGreaterThan(15);
  const wrong = screens.filter((r) => r.access === 'anonymous' || r.kind !== 'page' || r.scope !== 'conference');
  expect(wrong.map((r) => `${r.method} ${r.path} ${r.access}/${r.scope}/${r.kind}`)).toEqual([]);
  // The management area is the managers' and, in its reviewer part, the reviewers'; the check-in desk is its staff's too.
  const management = screens.filter((r) => r.path.startsWith('/platform'));
  const ownPart = (r: { access?: string; path: string }) =>
    (r.access === 'reviewer' && r.path.startsWith('/platform/submissionManage')) ||
    (r.access === 'desk' && r.path.startsWith('/platform/manage/checkin/desk'));
  expect(management.filter((r) => !(r.access === 'manager' || ownPart(r))).map((r) => r.path)).toEqual([]);
});

test('API routes are declared with access(), pages with screen(), gateway notifications with callback()', () => {
  const routes = routeTable(h.express);
  const callbacks = routes.filter((r) => r.kind === 'callback');
  expect(callbacks.map((r) => `${r.method} ${r.path} ${r.access}/${r.scope}`)).toEqual([
    'POST /payment/notify/:method/:attemptNo anonymous/conference',
  ]);
  const misdeclared = routes.filter(
    (r) => r.kind !== 'callback' && (r.path.startsWith('/api/') ? r.kind !== 'api' : r.kind !== 'page'),
  );
  expect(misdeclared.map((r) => `${r.method} ${r.path} ${r.kind}`)).toEqual([]);
});

test("the platform administration screens are the super admins' on the platform host", () => {
  const admin = routeTable(h.express).filter((r) => r.path.startsWith('/admin'));
  expect(admin.length).toBeGreaterThanOrEqual(5);
  expect(admin.filter((r) => r.access !== 'superAdmin' || r.scope !== 'platform').map((r) => r.path)).toEqual([]);
});
