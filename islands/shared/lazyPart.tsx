/**
 * Parts of a screen that are not on it when it loads (a tab other than the first, a dialog, a
 * drawer) load when they are first shown (issue 32): the page's JavaScript at load is what its
 * first view needs. The server never renders such a part (a closed dialog and an inactive tab
 * render nothing), so hydration is unchanged. Once the page is usable the browser fetches them
 * when it is idle (`usePreload`), so a click seldom waits for the network.
 *
 * A tab: `children: <LaterTab><SessionsTab …/></LaterTab>` (antd renders a tab's children once it is
 * first opened). A dialog: `<Later when={open}><Dialog open={open} …/></Later>`: mounted the first
 * time it opens and kept from then on (its closing animation, its form).
 */
import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Skeleton } from 'antd';
import { useHydrated } from './hydrated';

export type LazyPart<P> = ComponentType<P> & { preload: () => Promise<unknown> };

/** A component loaded on its first render, or earlier through `preload()`. */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  let Loaded: ComponentType<P> | undefined;
  const start = () =>
    (loading ??= load().then(
      (component) => ((Loaded = component), { default: component }),
      (err: unknown) => {
        loading = undefined; // a failed preload is fetched again when the part is first shown
        throw err;
      },
    ));
  const Lazy = lazy(start) as unknown as ComponentType<P>;
  // Once loaded (preloaded when idle, as a rule), the part renders at once, as a static import would.
  const Part = ((props: P) => (Loaded ? <Loaded {...props} /> : <Lazy {...props} />)) as LazyPart<P>;
  Part.preload = start;
  return Part;
}

/** Fetches these parts once the browser is idle after the island hydrated (a failed fetch is tried again when the part is shown). */
export function usePreload(...parts: Array<{ preload: () => Promise<unknown> }>): void {
  useEffect(() => {
    const load = () => {
      for (const part of parts) part.preload().catch(() => undefined);
    };
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(load, { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(load, 500);
    return () => clearTimeout(id);
    // The parts are module constants: once per island.
  }, []);
}

/**
 * Renders a lazy part: at once when `when` is left out (a tab's children), else from the first
 * time `when` is true on (a dialog). `fallback`: what shows while its code loads (a tab: a
 * skeleton; a dialog: nothing, it opens when loaded).
 *
 * A part shown from the start (a dialog a link opens, `?room=`; a tab the address names) is the
 * fallback on the server and while hydrating, and loads once the island has hydrated: the server
 * cannot wait for a lazy part (renderToString), and a Suspense boundary it left unfinished is an
 * error in the browser (React #419), as is a dialog's portal rendered while hydrating (#418).
 */
export function Later({
  when = true,
  fallback = null,
  children,
}: {
  when?: boolean;
  fallback?: ReactNode;
  children: ReactNode;
}) {
  const [shown, setShown] = useState(when);
  const hydrated = useHydrated();
  if (when && !shown) setShown(true);
  if (!shown) return null;
  if (!hydrated) return <>{fallback}</>;
  return <Suspense fallback={fallback}>{children}</Suspense>;
}

/** A tab's lazy part, with a skeleton while its code loads. */
export function LaterTab({ children }: { children: ReactNode }) {
  return <Later fallback={<Skeleton active paragraph={{ rows: 4 }} />}>{children}</Later>;
}
