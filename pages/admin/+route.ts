// The platform host's own pages: its home and the platform administration (DESIGN.md 4).
import type { PageContext } from 'vike/types';

export default function route(pageContext: PageContext): boolean {
  return pageContext.area === 'platform';
}
