/**
 * The bridge to Vike. In development Vite serves modules and renders on the fly; in production
 * the built client assets are served and renderPage uses the built server entry.
 */
import path from 'node:path';
import express, { type Express, type Request } from 'express';
import { renderPage } from 'vike/server';
import type { ShellProps } from '../../renderer/types';

export type RenderedPage = { statusCode: number; body: string; contentType: string };

export type AppPageInit = { pageProps?: Record<string, unknown>; shell?: ShellProps; composedHtml?: string; area?: 'platform' };

export async function renderVikePage(req: Request, init: AppPageInit): Promise<RenderedPage | null> {
  const pageContext = await renderPage({ urlOriginal: req.originalUrl, headersOriginal: req.headers, ...init });
  const response = pageContext.httpResponse;
  if (!response) return null;
  return { statusCode: response.statusCode, body: response.body, contentType: 'text/html;charset=utf-8' };
}

export async function mountVikeAssets(app: Express, root: string, production: boolean): Promise<() => Promise<void>> {
  if (production) {
    app.use(
      '/assets',
      express.static(path.join(root, 'dist/client/assets'), { immutable: true, maxAge: '1y', index: false, fallthrough: false }),
    );
    return async () => {};
  }
  const { createServer } = await import('vite');
  const vite = await createServer({ root, server: { middlewareMode: true }, appType: 'custom' });
  app.use(vite.middlewares);
  return () => vite.close();
}
