/**
 * Spec 2.4 steps 1–3: nest common template → page template → page into one document with
 * cheerio. Lenient by design: broken manager HTML still renders, a missing container appends.
 */
import * as cheerio from 'cheerio';
import type { CheerioAPI } from 'cheerio';
import type { Lang } from '../../contract/enums';
import type { Layer, PageChain, PageRow } from './types';

// Write Chinese as UTF-8, not as entities; cheerio passes this to its serialiser (untyped there).
export const CHEERIO_OPTIONS = { encodeEntities: 'utf8' } as unknown as Parameters<typeof cheerio.load>[1];

const COMMON_CONTAINER = '#common-template-content-container, .common-template-content-container';
const TEMPLATE_CONTAINER = '#template-content-container, .template-content-container';

function layer(row: PageRow | null): Layer | null {
  return row ? { html: row.html ?? '', css: row.css, cssPath: row.css_path } : null;
}

/** Puts `inner` into the first matching container of $, or at the end of the body. */
function place($: CheerioAPI, selector: string, inner: string): void {
  const container = $(selector).first();
  if (container.length) container.html(inner);
  else $('body').append(inner);
}

export type NestInput = { chain: PageChain; lang: Lang; pageHtml: string };

export function nestLayers({ chain, lang, pageHtml }: NestInput): CheerioAPI {
  const common = layer(chain.common);
  const template = layer(chain.template);
  const $ = cheerio.load(
    `<!DOCTYPE html><html lang="${lang === 'zh' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8">` +
      '<meta name="viewport" content="width=device-width, initial-scale=1"><title></title></head><body></body></html>',
    CHEERIO_OPTIONS,
  );
  const outer = [common, template].filter((l): l is Layer => l !== null);
  $('body').html(outer.length ? outer[0].html : pageHtml);
  if (common && template) place($, COMMON_CONTAINER, template.html);
  if (template) place($, TEMPLATE_CONTAINER, pageHtml);
  else if (common) place($, COMMON_CONTAINER, pageHtml);
  // Styles in nesting order, so a page's CSS can override its template's.
  for (const l of [...outer, layer(chain.page)!]) {
    if (l.cssPath) $('head').append($('<link rel="stylesheet">').attr('href', l.cssPath));
    if (l.css) $('head').append($('<style>').text(l.css));
  }
  return $;
}
