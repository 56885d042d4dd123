/** The app's router table: every route with its full path, its declared access level and scope, and its kind (api or page). */
import type { Express } from 'express';

type Layer = {
  route?: { path: string; methods: Record<string, boolean>; stack: Array<{ handle: { accessLevel?: string; scope?: string; kind?: string } }> };
  handle: { stack?: Layer[] };
  rawPath?: string;
};

export type RouteInfo = { method: string; path: string; access: string | undefined; scope: string | undefined; kind: string | undefined };

function walk(stack: Layer[], prefix: string, out: RouteInfo[]): void {
  for (const layer of stack) {
    if (layer.route) {
      for (const method of Object.keys(layer.route.methods)) {
        out.push({ method: method.toUpperCase(), path: prefix + layer.route.path, access: layer.route.stack[0]?.handle.accessLevel, scope: layer.route.stack[0]?.handle.scope, kind: layer.route.stack[0]?.handle.kind });
      }
    } else if (layer.handle?.stack) {
      const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
      walk(layer.handle.stack, prefix + mount, out);
    }
  }
}

export function routeTable(app: Express): RouteInfo[] {
  const out: RouteInfo[] = [];
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '', out);
  return out;
}
