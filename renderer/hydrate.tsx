/** Client side of the islands: hydrate each [data-island] with its own lazily loaded chunk. */
import { createElement, useEffect, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { addCatalogs, addNamespace, hasCatalogs, hasNamespace } from '../islands/shared/i18n';
import type { Lang } from '../islands/shared/locale';

/** An island's module: its component, and optionally what to load before it hydrates with these props. */
type IslandModule = { default: ComponentType<Record<string, unknown>> };
const loaders = import.meta.glob<IslandModule>('../islands/*/index.tsx');

/**
 * Each namespace of each language is its own small chunk (issue 32). An island waits for the
 * namespaces its code names (found at build time by renderer/islandNamespaces.ts, written into
 * this file by vite.config.ts) and those its props carry (a message key the server chose): its
 * server-rendered HTML comes from nothing else, so hydration finds every text it needs. Once the
 * page is usable, its language's whole catalog follows (one chunk), for a key a later answer of the
 * server brings in a namespace the island's code does not name.
 */
type NamespaceModule = { default: object };
const namespaceLoaders: Record<Lang, Record<string, () => Promise<NamespaceModule>>> = {
  zh: import.meta.glob<NamespaceModule>('../public/locales/zh/*.json'),
  en: import.meta.glob<NamespaceModule>('../public/locales/en/*.json'),
};
const catalogLoaders: Record<Lang, () => Promise<{ default: Record<string, object> }>> = {
  zh: () => import('../islands/shared/catalogs/zh'),
  en: () => import('../islands/shared/catalogs/en'),
};
declare const __ISLAND_NAMESPACES__: Record<string, string[]> | undefined;
/** In development the sources change under the server: every namespace, as before. */
const islandNamespaces: Record<string, string[]> | undefined = import.meta.env.DEV ? undefined : __ISLAND_NAMESPACES__;
const namespacesLoading = new Map<string, Promise<void>>();

const namespaceOf = (file: string): string => file.slice(file.lastIndexOf('/') + 1, -'.json'.length);

function loadNamespace(lang: Lang, file: string): Promise<void> {
  const ns = namespaceOf(file);
  if (hasNamespace(lang, ns)) return Promise.resolve();
  let loading = namespacesLoading.get(file);
  if (!loading)
    namespacesLoading.set(
      file,
      (loading = namespaceLoaders[lang][file]().then((module) => addNamespace(lang, ns, module.default))),
    );
  return loading;
}

/** The namespaces an island needs before it hydrates: those its code names and its props carry (all when unknown). */
function catalogsFor(lang: Lang, island: string, propsJson: string): Promise<void> {
  const named = islandNamespaces?.[island];
  const files = Object.keys(namespaceLoaders[lang]).filter((file) => {
    const ns = namespaceOf(file);
    return !named || named.includes(ns) || propsJson.includes(`${ns}:`);
  });
  return Promise.all(files.map((file) => loadNamespace(lang, file))).then(() => undefined);
}

/** Once the islands are usable: their languages' whole catalogs, when the browser is idle. */
function loadRestLater(langs: Set<Lang>): void {
  const rest = () => {
    for (const lang of langs)
      if (!hasCatalogs(lang))
        void catalogLoaders[lang]().then(
          (module) => addCatalogs(lang, module.default),
          () => undefined,
        );
  };
  if (!islandNamespaces) return;
  if ('requestIdleCallback' in window) window.requestIdleCallback(rest, { timeout: 2000 });
  else setTimeout(rest, 200);
}

/** The island's language: its `lang` prop, else the page's. */
function langOf(props: Record<string, unknown>): Lang {
  if (props.lang === 'zh' || props.lang === 'en') return props.lang;
  return document.documentElement.lang.startsWith('en') ? 'en' : 'zh';
}

type Field = HTMLInputElement | HTMLTextAreaElement;
const TEXT_FIELDS = 'input:not([type=checkbox]):not([type=radio]):not([type=hidden]):not([type=file]), textarea';

/** What a visitor typed into the server-rendered fields before the island's code arrived. */
function typedBeforeHydration(node: HTMLElement): Array<[Field, string]> {
  return Array.from(node.querySelectorAll<Field>(TEXT_FIELDS))
    .filter((field) => field.value !== field.defaultValue)
    .map((field) => [field, field.value]);
}

/**
 * Marks the island hydrated and hands early typing to React: React tracks a field's value, so
 * the tracker is reset before the input event, or React would see no change and drop the text.
 */
function Hydrated({
  node,
  typed,
  children,
}: {
  node: HTMLElement;
  typed: Array<[Field, string]>;
  children?: ReactNode;
}) {
  useEffect(() => {
    for (const [field, value] of typed) {
      if (!field.isConnected) continue;
      // The text is still in the field; React must be told its tracked value differs. Assigning
      // field.value would go through React's own setter and update the tracker, so it is not used.
      if (field.value !== value)
        Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
      (field as Field & { _valueTracker?: { setValue(v: string): void } })._valueTracker?.setValue('');
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
    node.dataset.hydrated = 'true';
  }, [node, typed]);
  return children;
}

export async function hydrateIslands(nodes: NodeListOf<HTMLElement>): Promise<void> {
  const langs = new Set<Lang>();
  await Promise.all(
    Array.from(nodes).map(async (node) => {
      const name = node.dataset.island ?? '';
      const load = loaders[`../islands/${name}/index.tsx`];
      if (!load) {
        console.error(`Unknown island "${name}"`);
        return;
      }
      const propsJson = node.dataset.props ?? '{}';
      const props = JSON.parse(propsJson) as Record<string, unknown>;
      const lang = langOf(props);
      langs.add(lang);
      const [{ default: Component }] = await Promise.all([load(), catalogsFor(lang, name, propsJson)]);
      const typed = typedBeforeHydration(node);
      hydrateRoot(node, createElement(Hydrated, { node, typed }, createElement(Component, props)));
    }),
  );
  loadRestLater(langs);
}
