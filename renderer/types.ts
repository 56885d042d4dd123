/** What our server passes to Vike's renderPage (pageContextInit) beyond Vike's own fields. */
import type { ComponentType } from 'react';

export type ShellProps = { lang: 'zh' | 'en'; title: string };

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Vike {
    interface PageContext {
      /** A public site page already composed by the sites module: Vike only adds its scripts. */
      composedHtml?: string;
      /** Props of an app page (prompt pages, forms); rendered on the server, never serialised. */
      pageProps?: Record<string, unknown>;
      shell?: ShellProps;
      /** 'platform' for the platform host's own pages */
      area?: 'platform';
      Page?: ComponentType<Record<string, unknown>>;
    }
  }
}

export {};
