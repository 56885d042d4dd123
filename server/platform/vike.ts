/**
 * The bridge to Vike. In development Vite serves modules and renders on the fly; in production
 * the built client assets are served and renderPage uses the built server entry.
 */
import path from 'node:path';
import express, { type Express, type Request } from 'express';
import { renderPage } from 'vike/server';
import type { ShellProps } from '../../renderer/types';
import { RenderMemo } from './renderMemo';

export type RenderedPage = { statusCode: number; body: string; contentType: string };

export type AppPageInit = {
  pageProps?: Record<string, unknown>;
  shell?: ShellProps;
  composedHtml?: string;
  area?: 'platform';
};

/**
 * Layouts rendered from props (not composed pages, which are cached whole by their routes), by
 * their whole input: the URL (it picks the page), the area, the shell and the props. React and
 * antd's server render of a layout and its islands is most of a screen's time; the same input
 * gives the same HTML, so a repeat costs a hash of the props. antd's stylesheet link in a reused
 * page names the sheet of its first render, which is still served and holds its styles.
 */
const layouts = new RenderMemo<RenderedPage>(1000, 48 * 1024 * 1024);

export async function renderVikePage(req: Request, init: AppPageInit): Promise<RenderedPage | null> {
  const key =
    init.composedHtml === undefined
      ? RenderMemo.key(req.originalUrl, JSON.stringify([init.area ?? '', init.shell ?? null, init.pageProps ?? null]))
      : null;
  const hit = key ? layouts.get(key) : undefined;
  if (hit) return hit;
  const pageContext = await renderPage({ urlOriginal: req.originalUrl, headersOriginal: req.headers, ...init });
  const response = pageContext.httpResponse;
  if (!response) return null;
  const page = { statusCode: response.statusCode, body: response.body, contentType: 'text/html;charset=utf-8' };
  if (key && page.statusCode === 200) layouts.set(key, page);
  return page;
}

export async function mountVikeAssets(app: Express, root: string, production: boolean): Promise<() => Promise<void>> {
  if (production) {
    app.use(
      '/assets',
      express.static(path.join(root, 'dist/client/assets'), {
        immutable: true,
        maxAge: '1y',
        index: false,
        fallthrough: false,
      }),
    );
    return async () => {};
  }
  const { createServer } = await import('vite');
  const vite = await createServer({ root, server: { middlewareMode: true }, appType: 'custom' });
  app.use(vite.middlewares);
  return () => vite.close();
}
