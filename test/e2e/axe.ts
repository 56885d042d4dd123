/** axe-core in Chromium, WCAG 2.1 A and AA, for the browser tests that audit the screens they visit (as accessibility.test.ts does). */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export type Finding = { frame: string; id: string; impact: string; help: string; nodes: string[] };

/** axe in every frame of the page (each on its own: frames of another origin do not talk to axe's messaging). */
export async function audit(page: Page): Promise<Finding[]> {
  const found: Finding[] = [];
  for (const frame of page.frames()) {
    if (frame.url() === 'about:blank') continue;
    await frame.evaluate(AXE);
    const violations = await frame.evaluate(async (tags) => {
      const axe = (globalThis as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[]; failureSummary?: string }> }> }> } }).axe;
      const r = await axe.run(document, { iframes: false, resultTypes: ['violations'], runOnly: { type: 'tag', values: tags } });
      return r.violations.map((v) => ({ id: v.id, impact: v.impact ?? '', help: v.help, nodes: v.nodes.slice(0, 5).map((n) => `${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`) }));
    }, WCAG21_AA);
    for (const v of violations) found.push({ frame: new URL(frame.url()).pathname, ...v });
  }
  return found;
}
