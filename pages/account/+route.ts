// Login, sign-up and /register (spec 2.5, 2.6); /resetPassword on the platform host, which has no site template.
import type { PageContext } from 'vike/types';

const PATHS = new Set(['/conferencelogin', '/userRegister', '/register', '/resetPassword']);

export default function route(pageContext: PageContext): boolean {
  return PATHS.has(pageContext.urlPathname) && pageContext.composedHtml === undefined;
}
