/** Snapshots of /conferenceRegister on the demo site, per language and device (DESIGN.md 8). */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { page } from '../../helpers/http';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ seedDemo: true });
});
afterAll(() => h?.stop());

describe.each([
  ['zh', false],
  ['zh', true],
  ['en', false],
  ['en', true],
] as const)('/conferenceRegister, %s, phone: %s', (lang, mobile) => {
  test('anonymous: the login prompt, the notice and the platform frame to sign in or up', async () => {
    const { res, $ } = await page(h.app, '/conferenceRegister', { host: 'demo.localhost', lang, mobile });
    expect(res.status).toBe(200);
    // The frame's state is new for every browser.
    expect(
      $('.app-page-register')
        .html()!
        .replace(/state=[A-Za-z0-9_-]+/g, 'state=STATE'),
    ).toMatchSnapshot();
  });
});
