/**
 * The project root, for files shipped with the code (templates, public, dist). Found by walking
 * up from this module to the folder with the project's package.json, so the same code works from
 * `server/` (tsx, vitest) and from the compiled server in `dist/app/` (`npm start` in production).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function projectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json')) && fs.existsSync(path.join(dir, 'templates'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no project root above ${from}`);
  }
}

export const ROOT_DIR = projectRoot(path.dirname(fileURLToPath(import.meta.url)));
