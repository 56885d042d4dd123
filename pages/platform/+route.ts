// The management area (spec 2.12): /platform and everything under it.
import type { PageContext } from 'vike/types';

export default function route(pageContext: PageContext): boolean {
  return pageContext.urlPathname === '/platform' || pageContext.urlPathname.startsWith('/platform/');
}
