/**
 * Server rendering of islands: each becomes `<div data-island="Name" data-props="...">html</div>`
 * and the client entry (renderer/hydrate.tsx) hydrates only those, loading each island's code
 * on demand. Props are the island's whole input: nothing else of the page is serialised.
 */
import { renderToString } from 'react-dom/server';
import type { ComponentType } from 'react';
import { StyleProvider } from '@ant-design/cssinjs';
import { escapeHtml } from '../server/platform/html';
import { antdCache } from './antdStyles';
import { RenderMemo } from '../server/platform/renderMemo';
import { addCatalogs } from '../islands/shared/i18n';
import { catalogsOf } from '../server/platform/i18n';
import type { IslandName, IslandProps } from './islandProps.gen';
import { islandComponents } from './islandComponents.gen';

// The server renders islands in both languages: every catalog, at start (the browser loads one language's).
addCatalogs('zh', catalogsOf('zh'));
addCatalogs('en', catalogsOf('en'));

/**
 * An island's own HTML, rendered as its own React root, exactly as the browser hydrates it: ids
 * from useId (antd builds style classes from them) then match. Inside the process-wide style
 * cache, so antd's CSS lands in the served stylesheet.
 */
/**
 * Rendered islands by their whole input (name and props): an island's HTML depends on nothing
 * else (no clock, no request), and antd's styles stay in the process-wide cache once rendered.
 * Bounded by count and size; per process (this file is loaded twice in production, see antdStyles).
 */
const rendered = new RenderMemo<string>(2000, 32 * 1024 * 1024);

function islandHtml<K extends IslandName>(name: K, props: IslandProps[K], json: string): string {
  const key = RenderMemo.key(name, json);
  const hit = rendered.get(key);
  if (hit !== undefined) return hit;
  const Component = islandComponents[name] as ComponentType<IslandProps[K]>;
  const html = renderToString(
    <StyleProvider cache={antdCache}>
      <Component {...props} />
    </StyleProvider>,
  );
  // A root without <head> gets React's resource hints (image preloads) in front; inside the
  // island's container they would be nodes the browser's render does not have.
  const island = html.replace(/^(?:<link rel="preload"[^>]*>)+/, '');
  rendered.set(key, island);
  return island;
}

/** As a string, for pages composed with cheerio. */
export function renderIsland<K extends IslandName>(name: K, props: IslandProps[K], className = ''): string {
  const cls = className ? ` class="${escapeHtml(className)}"` : '';
  const json = JSON.stringify(props);
  return `<div data-island="${name}"${cls} data-props="${escapeHtml(json)}">${islandHtml(name, props, json)}</div>`;
}

/** As an element, for Vike page components rendered on the server (still a separate root inside). */
export function Island<K extends IslandName>({
  name,
  props,
  className,
}: {
  name: K;
  props: IslandProps[K];
  className?: string;
}) {
  const json = JSON.stringify(props);
  return (
    <div
      data-island={name}
      data-props={json}
      className={className}
      dangerouslySetInnerHTML={{ __html: islandHtml(name, props, json) }}
    />
  );
}

/** React's escaping of text and attribute values (react-dom's escapeTextForBrowser), so a filled island is the very HTML React would write. */
const REACT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
const escapeLikeReact = (value: string): string => value.replace(/[&<>"']/g, (c) => REACT_ESCAPES[c]);

/** A person's string as it stands in an island's data-props attribute (JSON string content, then attribute-escaped). */
export const islandPropValue = (value: string): string => escapeHtml(JSON.stringify(value).slice(1, -1));
/** A person's string as React writes it in the island's HTML (text or attribute). */
export const islandHtmlValue = escapeLikeReact;

/**
 * An island whose props carry a few of the person's strings (a registration form's e-mail and
 * name): rendered once with a token in each one's place (memoised like any island, so once per
 * form, language and device for everyone), then each token replaced by what stands there for the
 * person: `inProps` in data-props (islandPropValue of the value), `inHtml` in the rendered HTML
 * (islandHtmlValue) — the person's escaped values, or a page cache's slots to fill later.
 * `test/server/platform/slottedIsland.test.ts` checks the result equals rendering the island with
 * the values themselves. Tokens must be letters and digits only (every escaping leaves them as they are).
 */
export function renderIslandWithSlots<K extends IslandName>(
  name: K,
  propsWithTokens: IslandProps[K],
  slots: Record<string, { inProps: string; inHtml: string }>,
  className = '',
): string {
  const html = renderIsland(name, propsWithTokens, className);
  // The data-props attribute ends at its first quote: inside it every quote is escaped.
  const start = html.indexOf(' data-props="') + ' data-props="'.length;
  const end = html.indexOf('"', start);
  let head = html.slice(0, end);
  let body = html.slice(end);
  for (const [token, slot] of Object.entries(slots)) {
    head = head.replaceAll(token, slot.inProps);
    body = body.replaceAll(token, slot.inHtml);
  }
  return head + body;
}

/** renderIslandWithSlots with the person's values themselves. */
export function renderIslandFilled<K extends IslandName>(
  name: K,
  propsWithTokens: IslandProps[K],
  values: Record<string, string>,
  className = '',
): string {
  const slots = Object.fromEntries(
    Object.entries(values).map(([token, value]) => [
      token,
      { inProps: islandPropValue(value), inHtml: islandHtmlValue(value) },
    ]),
  );
  return renderIslandWithSlots(name, propsWithTokens, slots, className);
}
