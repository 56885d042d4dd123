/**
 * Whether dist/ was built from exactly the sources in the tree: a hash of every file the build
 * reads, written by the build (server/build.mjs, its last step) and compared by `npm test`, so the
 * build that `npm install` has just made is not made again (issue 36).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const INPUT_DIRS = ['server', 'renderer', 'pages', 'islands', 'migrations'];
const INPUT_FILES = ['package-lock.json', 'vite.config.ts', 'tsconfig.json'];
const STAMP = 'dist/.build-stamp';

function* filesUnder(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

export function sourceHash(root) {
  const hash = crypto.createHash('sha256');
  const files = [
    ...INPUT_DIRS.flatMap((d) => [...filesUnder(path.join(root, d))]),
    ...INPUT_FILES.map((f) => path.join(root, f)),
  ];
  for (const file of files)
    hash.update(path.relative(root, file)).update('\0').update(fs.readFileSync(file)).update('\0');
  return hash.digest('hex');
}

export function writeBuildStamp(root) {
  fs.writeFileSync(path.join(root, STAMP), sourceHash(root));
}

export function buildIsCurrent(root) {
  const stamp = path.join(root, STAMP);
  return (
    fs.existsSync(stamp) &&
    fs.readFileSync(stamp, 'utf8') === sourceHash(root) &&
    fs.existsSync(path.join(root, 'dist/app/main.js'))
  );
}
