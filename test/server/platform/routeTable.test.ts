/** Every route declares who may call it (DESIGN.md 4): walk the router table, fail on any gap. */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Express } from 'express';
import { createHarness, type Harness } from '../../helpers/harness';
import { ACCESS_LEVELS } from '../../../server/contract/enums';

type Layer = { route?: { path: string; methods: Record<string, boolean>; stack: Array<{ handle: { accessLevel?: string } }> }; handle: { stack?: Layer[] }; name?: string };

function walk(stack: Layer[], out: Array<{ route: string; access: string | undefined }>): void {
  for (const layer of stack) {
    if (layer.route) {
      const methods = Object.keys(layer.route.methods).join(',').toUpperCase();
      out.push({ route: `${methods} ${layer.route.path}`, access: layer.route.stack[0]?.handle.accessLevel });
    } else if (layer.handle?.stack) {
      walk(layer.handle.stack, out);
    }
  }
}

export function routeTable(app: Express) {
  const out: Array<{ route: string; access: string | undefined }> = [];
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, out);
  return out;
}

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
});
afterAll(() => h?.stop());

test('the router table has routes, and each declares an access level first', () => {
  const routes = routeTable(h.express);
  expect(routes.length).toBeGreaterThan(10);
  const undeclared = routes.filter((r) => !r.access || !(ACCESS_LEVELS as readonly string[]).includes(r.access));
  expect(undeclared.map((r) => r.route)).toEqual([]);
});

test('the walk sees the API routers too (it would catch a nested router without declarations)', () => {
  const routes = routeTable(h.express).map((r) => r.route);
  expect(routes).toContain('GET /conference/platform/config/website/findConferenceWebsiteConfig');
  expect(routes).toContain('DELETE /base/oauth/logout');
  expect(routes).toContain('GET /page/:pageId');
});
