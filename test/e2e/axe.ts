/** axe-core in Chromium, WCAG 2.1 A and AA, for the browser tests that audit the screens they visit (as accessibility.test.ts does). */
import assert from 'node:assert/strict';
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
      const axe = (
        globalThis as unknown as {
          axe: {
            run(
              ctx: Document,
              o: object,
            ): Promise<{
              violations: Array<{
                id: string;
                impact: string | null;
                help: string;
                nodes: Array<{ target: unknown[]; failureSummary?: string }>;
              }>;
            }>;
          };
        }
      ).axe;
      const r = await axe.run(document, {
        iframes: false,
        resultTypes: ['violations'],
        runOnly: { type: 'tag', values: tags },
      });
      return r.violations.map((v) => ({
        id: v.id,
        impact: v.impact ?? '',
        help: v.help,
        nodes: v.nodes.slice(0, 5).map((n) => `${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`),
      }));
    }, WCAG21_AA);
    for (const v of violations) found.push({ frame: new URL(frame.url()).pathname, ...v });
  }
  return found;
}

/**
 * axe on one part of a page (`selector`: an island, the programme) with every rule it has, its
 * serious and critical findings: for the parts a feature owns inside a page it does not (a site
 * template is the site managers').
 */
export async function auditPart(
  page: Page,
  selector: string,
): Promise<Array<{ id: string; impact: string; nodes: string[] }>> {
  await page.evaluate(AXE);
  return page.evaluate(async (include) => {
    const axe = (
      globalThis as unknown as {
        axe: {
          run(
            ctx: unknown,
            o: object,
          ): Promise<{ violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown[] }> }> }>;
        };
      }
    ).axe;
    const r = await axe.run({ include: [[include]] }, { resultTypes: ['violations'] });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact ?? '',
        nodes: v.nodes.slice(0, 5).map((n) => JSON.stringify(n.target)),
      }));
  }, selector);
}

/**
 * No violation on the page as a person sees it now: the pointer moved off what the test clicked
 * (a hovered button's colour is not what a person reads) and the transitions that started ended
 * (spinners, which never end, left out).
 */
export async function expectNoViolations(page: Page, where: string): Promise<void> {
  await page.mouse.move(0, 0);
  // Two frames: the hover leaves, and the transitions it starts are listed by getAnimations.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const found = await audit(page);
  assert.deepEqual(found, [], `${where}: ${JSON.stringify(found, null, 1)}`);
}
