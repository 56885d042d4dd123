/**
 * The search engine tests' harness and sites (seoPages, seoCrawlers): the demo and a contract site
 * whose names try to break out of the JSON-LD script, one harness per test file. The bindings are
 * live, set by useSeoSites()'s beforeAll in the file that calls it.
 */
import { afterAll, beforeAll } from 'vitest';
import type { CheerioAPI } from 'cheerio';
import { createHarness, type Harness } from '../../helpers/harness';
import { contractSite } from '../../fixtures/contractSite';

/** Starts this file's harness before its tests and stops it after. */
export function useSeoSites(): void {
  beforeAll(async () => {
    h = await createHarness({ seedDemo: true, env: { PUBLIC_SCHEME: 'https', PUBLIC_PORT: '8443' } });
    demoId = Number((await h.db('conferences').where({ slug: 'demo' }).first())!.id);
    const site = contractSite();
    site.config = {
      ...site.config,
      startDate: '2027-05-06',
      endDate: '2027-05-08',
      venue: { zh: EVIL, en: EVIL },
      department: { zh: '"><img src=x onerror=alert(1)>', en: 'Org & Co' },
    };
    site.config.conferenceName = { zh: EVIL, en: `Conf ${EVIL}` };
    site.menu.zh.push(
      { title: '未发布', page: 'bare', published: false },
      { title: '未发布父项', published: false, children: [{ title: '子项', page: 'framed' }] },
    );
    contractId = await h.provision(site);
    await h.provision(contractSite({ slug: 'closed', domains: ['closed.localhost'], status: '5' }));
    await h.provision(contractSite({ slug: 'draft', domains: ['draft.localhost'], status: '1' }));
    await h.provision(contractSite({ slug: 'zhonly', domains: ['zhonly.localhost'], languageType: '1' }));
  });
  afterAll(() => h?.stop());
}

export let h: Harness;
export let demoId: number;
export let contractId: number;
export const DEMO = 'demo.localhost';
// The deployment's public address (PUBLIC_SCHEME, PUBLIC_PORT), not the request's, is written.
export const ORIGIN = 'https://demo.localhost:8443';
export const CONTRACT_ORIGIN = 'https://contract.localhost:8443';
export const EVIL = '</script><script>window.__pwned=1</script><!--';

export type PageRef = { id: number; name: string };
export async function desktopPage(conferenceId: number, name: string): Promise<PageRef> {
  const row = await h.db('pages').where({ conference_id: conferenceId, name, type: 'PAGE', is_mobile: false }).first();
  return { id: row!.id, name };
}

export function head($: CheerioAPI) {
  const meta = (attr: string, value: string) => $(`head meta[${attr}="${value}"]`).attr('content');
  return {
    description: meta('name', 'description'),
    robots: meta('name', 'robots'),
    canonical: $('head link[rel="canonical"]').attr('href'),
    alternates: Object.fromEntries(
      $('head link[rel="alternate"][hreflang]')
        .toArray()
        .map((el) => [$(el).attr('hreflang'), $(el).attr('href')]),
    ),
    og: Object.fromEntries(
      $('head meta[property^="og:"]')
        .toArray()
        .map((el) => [$(el).attr('property'), $(el).attr('content')]),
    ),
    jsonLd: $('head script[type="application/ld+json"]')
      .toArray()
      .map((el) => JSON.parse($(el).text())),
  };
}
