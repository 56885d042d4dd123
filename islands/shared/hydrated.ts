/**
 * Whether the island has hydrated. A modal rendered in advance (`forceRender`, so that its form
 * instance is connected before it opens) renders into a portal, which the server cannot render:
 * rendering it during hydration gives React error #418 (server and browser HTML differ). Render
 * it in advance only once hydrated: `<Modal forceRender={useHydrated()} …>`.
 */
import { useEffect, useState } from 'react';

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
