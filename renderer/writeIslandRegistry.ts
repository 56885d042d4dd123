/** `npm run islands`: writes the island registry from the folders of islands/ (renderer/islandRegistry.ts). */
import path from 'node:path';
import { writeIslandRegistry } from './islandRegistry';

const written = writeIslandRegistry(path.resolve(import.meta.dirname, '..'));
process.stdout.write(written.length ? `written: ${written.join(', ')}\n` : 'the island registry is current\n');
