// The prompt pages of spec 2.1.
import type { PageContext } from 'vike/types';

const PROMPTS = new Set(['/404', '/403', '/401', '/unpublished']);

export default function route(pageContext: PageContext): boolean {
  return PROMPTS.has(pageContext.urlPathname);
}
