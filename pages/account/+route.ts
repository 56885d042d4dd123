// Login, sign-up and /register (spec 2.5, 2.6); /resetPassword on the platform host, which has no site
// template; and the platform's frame of these forms inside a conference's pages.
import type { PageContext } from 'vike/types';

const PATHS = new Set(['/conferencelogin', '/userRegister', '/register', '/resetPassword']);

export default function route(pageContext: PageContext): boolean {
  if (pageContext.composedHtml !== undefined) return false;
  // /embed/account/<view>: the platform's frame inside a conference's account pages.
  return PATHS.has(pageContext.urlPathname) || /^\/embed\/account\/[a-z]+$/.test(pageContext.urlPathname);
}
