// The public website: "/" and "/page/:pageId", and app pages shown inside the site template
// (/resetPassword, /conferenceRegister, /review/active/:key and its platform frame, the programme's
// pages /programme, /programme/agenda and /programme/<uid>): all composed by server/modules/sites before Vike runs.
import type { PageContext } from 'vike/types';

export default function route(pageContext: PageContext): boolean {
  const path = pageContext.urlPathname;
  if (pageContext.area === 'platform') return false;
  return (
    path === '/' ||
    /^\/page\/[^/]+$/.test(path) ||
    ((path === '/resetPassword' ||
      path === '/conferenceRegister' ||
      path === '/embed/review/active' ||
      /^\/review\/active\/[^/]+$/.test(path) ||
      /^\/programme(\/[^/]+)?$/.test(path)) &&
      pageContext.composedHtml !== undefined)
  );
}
