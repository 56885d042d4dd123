/** Client side of the islands: hydrate each [data-island] with its own lazily loaded chunk. */
import { createElement, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';

const loaders = import.meta.glob<{ default: ComponentType<Record<string, unknown>> }>('../islands/*/index.tsx');

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
      const { default: Component } = await load();
      hydrateRoot(node, createElement(Component, props));
    }),
  );
}
