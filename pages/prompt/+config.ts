import type { Config } from 'vike/types';

// The prompt pages have no islands: HTML only, no JavaScript at all.
export default { clientHooks: false } satisfies Config;
