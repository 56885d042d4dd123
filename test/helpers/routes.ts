/** The app's router table: every route with its full path, its declared access level and scope, and its kind (api or page). */
import type { Express } from 'express';
import type { Endpoint } from '../../server/contract/endpoint';

type Layer = {
  route?: {
    path: string;
    methods: Record<string, boolean>;
    stack: Array<{ handle: { accessLevel?: string; scope?: string; kind?: string; endpoint?: Endpoint } }>;
  };
  handle: { stack?: Layer[] };
  rawPath?: string;
};

export type RouteInfo = {
  method: string;
  path: string;
  access: string | undefined;
  scope: string | undefined;
  kind: string | undefined;
  /** the contract endpoint the route was mounted from with route(), if it was */
  endpoint: Endpoint | undefined;
};

function walk(stack: Layer[], prefix: string, out: RouteInfo[]): void {
  for (const layer of stack) {
    if (layer.route) {
      for (const method of Object.keys(layer.route.methods)) {
        const { stack } = layer.route;
        const first = stack[0]?.handle;
        out.push({
          method: method.toUpperCase(),
          path: prefix + layer.route.path,
          access: first?.accessLevel,
          scope: first?.scope,
          kind: first?.kind,
          endpoint: stack[stack.length - 1]?.handle.endpoint,
        });
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
