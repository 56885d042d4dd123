// Environment: browser. Pages without islands load nothing more than this.
export async function onRenderClient(): Promise<void> {
  const nodes = document.querySelectorAll<HTMLElement>('[data-island]');
  if (nodes.length === 0) return;
  const { hydrateIslands } = await import('./hydrate');
  await hydrateIslands(nodes);
}
