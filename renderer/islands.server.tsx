/**
 * Server rendering of islands: each becomes `<div data-island="Name" data-props="...">html</div>`
 * and the client entry (renderer/hydrate.tsx) hydrates only those, loading each island's code
 * on demand. Props are the island's whole input: nothing else of the page is serialised.
 */
import { renderToString } from 'react-dom/server';
import type { ComponentType } from 'react';
import { escapeHtml } from '../server/platform/html';
import UserMenu, { type UserMenuProps } from '../islands/UserMenu/index';
import LangSwitch, { type LangSwitchProps } from '../islands/LangSwitch/index';

type IslandProps = { UserMenu: UserMenuProps; LangSwitch: LangSwitchProps };
export type IslandName = keyof IslandProps;

const islands: { [K in IslandName]: ComponentType<IslandProps[K]> } = { UserMenu, LangSwitch };

export function renderIsland<K extends IslandName>(name: K, props: IslandProps[K], className = ''): string {
  const Component = islands[name] as ComponentType<IslandProps[K]>;
  const html = renderToString(<Component {...props} />);
  const cls = className ? ` class="${escapeHtml(className)}"` : '';
  return `<div data-island="${name}"${cls} data-props="${escapeHtml(JSON.stringify(props))}">${html}</div>`;
}
