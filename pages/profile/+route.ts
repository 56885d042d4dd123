// The personal centre (spec 2.10): /profile and everything under it.
import type { PageContext } from 'vike/types';

export default function route(pageContext: PageContext): boolean {
  return pageContext.urlPathname === '/profile' || pageContext.urlPathname.startsWith('/profile/');
}
