/**
 * antd's CSS-in-JS cache, created once per process (a fresh cache per request costs ~50 ms).
 * What it has collected is served as a static, content-hashed stylesheet instead of inline tags.
 *
 * The state hangs on globalThis because this file is loaded twice in production: once by the
 * Express server and once inside Vike's built server bundle. Both must see the same cache.
 */
import crypto from 'node:crypto';
import { createCache, extractStyle } from '@ant-design/cssinjs';

type AntdStyleState = {
  cache: ReturnType<typeof createCache>;
  sheets: Map<string, string>;
  lastCss: string | null;
  lastHref: string;
};

const KEY = Symbol.for('conference-platform.antd-styles');
const holder = globalThis as unknown as Record<symbol, AntdStyleState | undefined>;
const state: AntdStyleState = (holder[KEY] ??= {
  cache: createCache(),
  sheets: new Map(),
  lastCss: null,
  lastHref: '',
});

export const antdCache = state.cache;

/** The stylesheet for everything rendered so far; its URL changes only when the CSS does. */
export function antdStylesheetHref(): string {
  const css = extractStyle(state.cache, { plain: true });
  if (css !== state.lastCss) {
    const hash = crypto.createHash('sha256').update(css).digest('hex').slice(0, 16);
    state.sheets.set(hash, css);
    state.lastCss = css;
    state.lastHref = `/_styles/antd.${hash}.css`;
  }
  return state.lastHref;
}

export function antdStylesheet(hash: string): string | undefined {
  return state.sheets.get(hash);
}
