/**
 * A fault the server did not expect (issue 18, spec 8): a page request gets a small page saying
 * 'Loading Error' in the reader's language, not a bare English "Internal Server Error"; an API
 * request keeps its JSON envelope with a message key. The status stays 500 for both.
 */
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { visit } from '../../helpers/http';
import { contractSite } from '../../fixtures/contractSite';
import { SiteService } from '../../../server/modules/sites/service';

const host = 'contract.localhost';
let h: Harness;

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  await h.provision(contractSite());
});
afterAll(() => h?.stop());
afterEach(() => vi.restoreAllMocks());

const failPageLookup = () =>
  vi.spyOn(SiteService.prototype, 'pageForRequest').mockRejectedValue(new Error('the page lookup broke'));

test.each([
  ['zh', '加载错误'],
  ['en', 'Loading Error'],
] as const)('a page whose handler throws shows the translated Loading Error (%s)', async (lang, text) => {
  failPageLookup();
  const res = await visit(h.app, '/', { host, lang });
  expect(res.status).toBe(500);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  expect(res.text).toContain(`<h1 style="font-size:20px">${text}</h1>`);
  expect(res.text).toContain(`<title>${text}</title>`);
  expect(res.text).not.toContain('Internal Server Error');
});

test('an API call that fails keeps the JSON envelope with the message key', async () => {
  vi.spyOn(SiteService.prototype, 'publishedMenu').mockRejectedValue(new Error('the menu broke'));
  const res = await visit(h.app, '/api/conference/menu/config/fixedAndPublish', { host, lang: 'en' });
  expect(res.status).toBe(500);
  expect(res.body).toMatchObject({ code: 500, message: 'commonMsg.serverError', data: null });
});
