/**
 * Screens are registered by their folder (issue 35, docs/development.md "Adding a screen"): every
 * islands/<Name>/ has its component (index.tsx) and the props the server hands it (props.ts, types
 * only); the server reaches islands only through those types, never a component module; the
 * server's registry is generated from the folders and is current.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { expect, test } from 'vitest';
import { ROOT_DIR } from '../../server/paths';
import { islandFolders, islandRegistrySources } from '../../renderer/islandRegistry';

const ISLANDS = path.join(ROOT_DIR, 'islands');
const rel = (p: string) => path.relative(ROOT_DIR, p);

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory()
        ? filesUnder(path.join(dir, e.name))
        : /\.(tsx?|mjs)$/.test(e.name)
          ? [path.join(dir, e.name)]
          : [],
    );
}

test('every screen folder has its component (index.tsx) and its props (props.ts, exporting <Name>Props)', () => {
  const folders = islandFolders(ROOT_DIR);
  expect(folders.length).toBeGreaterThan(60);
  const missing = folders.flatMap((name) =>
    ['index.tsx', 'props.ts']
      .filter((f) => !fs.existsSync(path.join(ISLANDS, name, f)))
      .map((f) => `islands/${name}/${f}`),
  );
  expect(missing).toEqual([]);
  const unnamed = folders.filter(
    (name) =>
      !new RegExp(`export (type|interface) ${name}Props\\b`).test(
        fs.readFileSync(path.join(ISLANDS, name, 'props.ts'), 'utf8'),
      ),
  );
  expect(unnamed).toEqual([]);
});

/** The statements of a file that would load or run something: anything but type imports, type exports and type declarations. */
function runtimeStatements(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  return source.statements
    .filter((st) => {
      if (ts.isTypeAliasDeclaration(st) || ts.isInterfaceDeclaration(st)) return false;
      if (ts.isImportDeclaration(st)) {
        const clause = st.importClause;
        if (!clause) return true;
        if (clause.isTypeOnly) return false;
        const named = clause.namedBindings;
        return Boolean(clause.name) || !named || !ts.isNamedImports(named) || named.elements.some((e) => !e.isTypeOnly);
      }
      if (ts.isExportDeclaration(st)) return !st.isTypeOnly;
      return true;
    })
    .map((st) => `${rel(file)}: ${st.getText(source).split('\n')[0]}`);
}

test("a screen's props.ts is types only: the server can import it without loading React, antd or the component", () => {
  const props = islandFolders(ROOT_DIR)
    .map((name) => path.join(ISLANDS, name, 'props.ts'))
    .filter((file) => fs.existsSync(file));
  expect(props.flatMap(runtimeStatements)).toEqual([]);
});

/** `type { A }`, or `{ type A, type B }`: erased when compiled. */
function typeOnlyClause(clause: string): boolean {
  const names = /^\{([^}]*)\}$/
    .exec(clause.trim())?.[1]
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  return (
    /^type\s/.test(clause.trim()) ||
    (names !== undefined && names.length > 0 && names.every((n) => n.startsWith('type ')))
  );
}

/** Every relative import of a file, with whether it is type-only, resolved without extension. */
function importsOf(file: string): Array<{ target: string; typeOnly: boolean; line: string }> {
  const source = fs.readFileSync(file, 'utf8');
  const found = [
    ...[...source.matchAll(/(?:^|\n)\s*((?:import|export)\s([^'"]*?)from\s+['"](\.[^'"]+)['"])/g)].map((m) => ({
      spec: m[3],
      typeOnly: typeOnlyClause(m[2]),
      line: m[1],
    })),
    ...[...source.matchAll(/(?:^|\n)\s*(import\s+['"](\.[^'"]+)['"])/g)].map((m) => ({
      spec: m[2],
      typeOnly: false,
      line: m[1],
    })),
    ...[...source.matchAll(/\b(import\(\s*['"](\.[^'"]+)['"]\s*\))/g)].map((m) => ({
      spec: m[2],
      typeOnly: source.slice(Math.max(0, (m.index ?? 0) - 7), m.index).endsWith('typeof '),
      line: m[1],
    })),
  ];
  return found.map(({ spec, typeOnly, line }) => ({
    target: path.resolve(path.dirname(file), spec).replace(/\.(tsx?|js)$/, ''),
    typeOnly,
    line,
  }));
}

test("nothing under server/ imports from islands/ but the types of a screen's props.ts", () => {
  const offenders = filesUnder(path.join(ROOT_DIR, 'server')).flatMap((file) =>
    importsOf(file)
      .filter(
        ({ target, typeOnly }) =>
          target.startsWith(ISLANDS + path.sep) &&
          !(typeOnly && /^[^/\\]+[/\\]props$/.test(path.relative(ISLANDS, target))),
      )
      .map(({ line }) => `${rel(file)}: ${line}`),
  );
  expect(offenders).toEqual([]);
});

test("the server's island registry is generated from the folders and current (else: npm run islands)", () => {
  for (const [file, text] of Object.entries(islandRegistrySources(ROOT_DIR))) {
    expect(fs.readFileSync(path.join(ROOT_DIR, file), 'utf8'), `${file} is out of date: run \`npm run islands\``).toBe(
      text,
    );
  }
  const components = fs.readFileSync(path.join(ROOT_DIR, 'renderer/islandComponents.gen.ts'), 'utf8');
  expect(
    islandFolders(ROOT_DIR).filter((name) => !components.includes(`import ${name} from '../islands/${name}/index';`)),
  ).toEqual([]);
});

test("no other file of the renderer or the pages names a screen's component: the registry does", () => {
  const generated = path.join(ROOT_DIR, 'renderer/islandComponents.gen.ts');
  const offenders = ['renderer', 'pages']
    .flatMap((dir) => filesUnder(path.join(ROOT_DIR, dir)))
    .filter((file) => file !== generated)
    .flatMap((file) =>
      importsOf(file)
        .filter(
          ({ target, typeOnly }) =>
            !typeOnly &&
            target.startsWith(ISLANDS + path.sep) &&
            /^[^/\\]+[/\\]index$/.test(path.relative(ISLANDS, target)),
        )
        .map(({ line }) => `${rel(file)}: ${line}`),
    );
  expect(offenders).toEqual([]);
});
