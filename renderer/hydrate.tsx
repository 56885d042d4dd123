/** Client side of the islands: hydrate each [data-island] with its own lazily loaded chunk. */
import { createElement, useEffect, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { addCatalogs, hasCatalogs } from '../islands/shared/i18n';
import type { Lang } from '../islands/shared/locale';

/** An island's module: its component, and optionally what to load before it hydrates with these props. */
type IslandModule = { default: ComponentType<Record<string, unknown>> };
const loaders = import.meta.glob<IslandModule>('../islands/*/index.tsx');

/** Each language's catalogs are one chunk; a page loads the one its islands speak, beside their code. */
const catalogLoaders: Record<Lang, () => Promise<{ default: Record<string, object> }>> = {
  zh: () => import('../islands/shared/catalogs/zh'),
  en: () => import('../islands/shared/catalogs/en'),
};
const catalogsLoading = new Map<Lang, Promise<void>>();

function catalogsFor(lang: Lang): Promise<void> {
  if (hasCatalogs(lang)) return Promise.resolve();
  let loading = catalogsLoading.get(lang);
  if (!loading) catalogsLoading.set(lang, (loading = catalogLoaders[lang]().then((module) => addCatalogs(lang, module.default))));
  return loading;
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
function Hydrated({ node, typed, children }: { node: HTMLElement; typed: Array<[Field, string]>; children?: ReactNode }) {
  useEffect(() => {
    for (const [field, value] of typed) {
      if (!field.isConnected) continue;
      // The text is still in the field; React must be told its tracked value differs. Assigning
      // field.value would go through React's own setter and update the tracker, so it is not used.
      if (field.value !== value) Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
      (field as Field & { _valueTracker?: { setValue(v: string): void } })._valueTracker?.setValue('');
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
    node.dataset.hydrated = 'true';
  }, [node, typed]);
  return children;
}

export async function hydrateIslands(nodes: NodeListOf<HTMLElement>): Promise<void> {
  await Promise.all(
    Array.from(nodes).map(async (node) => {
      const name = node.dataset.island ?? '';
      const load = loaders[`../islands/${name}/index.tsx`];
      if (!load) {
        console.error(`Unknown island "${name}"`);
        return;
      }
      const props = JSON.parse(node.dataset.props ?? '{}') as Record<string, unknown>;
      const [{ default: Component }] = await Promise.all([load(), catalogsFor(langOf(props))]);
      const typed = typedBeforeHydration(node);
      hydrateRoot(node, createElement(Hydrated, { node, typed }, createElement(Component, props)));
    }),
  );
}
