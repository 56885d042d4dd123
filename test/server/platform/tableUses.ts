/**
 * Where the server's files name a table in a query, read with the TypeScript parser so comments
 * and ordinary strings do not count. Shared by tableOwners.test.ts (who may touch a table) and
 * repositories.test.ts (which files may query at all).
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const SCANNED = ['server/modules', 'server/platform', 'server/db'];

/** Methods of a knex builder whose first argument is a table. */
const TABLE_METHODS = new Set([
  'from',
  'into',
  'table',
  'join',
  'innerJoin',
  'leftJoin',
  'leftOuterJoin',
  'rightJoin',
  'rightOuterJoin',
  'fullOuterJoin',
  'crossJoin',
]);
/** What a connection or transaction is called when it is a property (`this.db('users')`). */
const CONNECTIONS = new Set(['db', 'tx', 'trx', 'conn', 'knex']);

export type Use = { file: string; line: number; table: string };

export function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return filesUnder(full);
    return /\.tsx?$/.test(e.name) ? [full] : [];
  });
}

function migrationTables(): string[] {
  const text = filesUnder(path.join(ROOT, 'migrations'))
    .map((f) => fs.readFileSync(f, 'utf8'))
    .join('\n');
  return [...new Set([...text.matchAll(/createTable\(\s*['"`]([a-z_]+)['"`]/g)].map((m) => m[1]))].sort();
}

export const TABLES = new Set(migrationTables());

/** 'users' or 'users as u' → users, when it is a table. */
function tableIn(text: string): string | null {
  const name = /^\s*([a-z_]+)(?:\s+as\s+\w+)?\s*$/i.exec(text)?.[1];
  return name && TABLES.has(name) ? name : null;
}

function stringOf(node: ts.Node | undefined): string | null {
  return node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : null;
}

function isQueryCall(call: ts.CallExpression): boolean {
  const callee = call.expression;
  // db('users'), tx<Row>('users'): a function called with a table as its first argument.
  if (ts.isIdentifier(callee)) return true;
  if (ts.isPropertyAccessExpression(callee))
    return (
      TABLE_METHODS.has(callee.name.text) ||
      CONNECTIONS.has(callee.name.text) ||
      callee.expression.kind === ts.SyntaxKind.ThisKeyword
    );
  return false;
}

/** Every place a file names a table in a query. */
export function tableUses(file: string, source: string): Use[] {
  const sf = ts.createSourceFile(
    file,
    source,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const uses: Use[] = [];
  const add = (node: ts.Node, table: string | null) => {
    if (table)
      uses.push({
        file: path.relative(ROOT, file),
        line: sf.getLineAndCharacterOfPosition(node.getStart()).line + 1,
        table,
      });
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && isQueryCall(node)) {
      const first = stringOf(node.arguments[0]);
      if (first !== null) add(node, tableIn(first));
    }
    // { table: 'registration_settings', where } (the capacity helper's locks); const TABLE = 'x'.
    if (ts.isPropertyAssignment(node) && /table/i.test(node.name.getText(sf)))
      add(node, tableIn(stringOf(node.initializer) ?? ''));
    if (ts.isVariableDeclaration(node) && /table/i.test(node.name.getText(sf)))
      add(node, tableIn(stringOf(node.initializer) ?? ''));
    // Raw SQL: ... from users, join `sessions`, insert into files, update conferences ...
    const text = stringOf(node) ?? (ts.isTemplateExpression(node) ? node.getText(sf) : null);
    if (text !== null) {
      for (const m of text.matchAll(/\b(?:from|join|into|update)\s+[`"]?([a-z_]+)\b/gi))
        if (TABLES.has(m[1])) add(node, m[1]);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return uses;
}

const MODULES = path.join(ROOT, 'server/modules');

/** A repository file is `repo.ts`, a file named `…Repo.ts`, or any file under a `repo/` folder. */
export function isRepositoryFile(relative: string): boolean {
  const parts = relative.split(path.sep);
  const base = parts[parts.length - 1];
  return base === 'repo.ts' || /Repo\.ts$/.test(base) || parts.slice(0, -1).includes('repo');
}

export type Offence = { file: string; line: number; what: string };

/** What turns a stored column into a clean value: the repository's work, at its boundary. */
const COLUMN_READERS = new Set(['fromDbInstant', 'moneyFromColumn']);
/** A conversion of a value that is not a row's (another module's stored text) says so on the line above. */
const NOT_A_ROW = /\/\/ not a row\b/;

/**
 * Row handling in a file: `x as FooRow`, `Number(row.id)`, `Number(row.user_id)`, and a stored
 * column converted (`fromDbInstant(…)`, `moneyFromColumn(…)`) unless the line above says
 * `// not a row`.
 */
export function rowHandling(file: string, source: string): Offence[] {
  const sf = ts.createSourceFile(
    file,
    source,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: Offence[] = [];
  const add = (node: ts.Node, what: string) =>
    found.push({
      file: path.relative(ROOT, file),
      line: sf.getLineAndCharacterOfPosition(node.getStart()).line + 1,
      what,
    });
  const visit = (node: ts.Node) => {
    if (ts.isAsExpression(node) && /Row\b/.test(node.type.getText(sf))) add(node, `cast to ${node.type.getText(sf)}`);
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'Number') {
      const arg = node.arguments[0];
      if (arg && ts.isPropertyAccessExpression(arg) && /^(id|[a-z]+(_[a-z]+)*_id)$/.test(arg.name.text))
        add(node, `id converted: ${node.getText(sf)}`);
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && COLUMN_READERS.has(node.expression.text)) {
      const line = sf.getLineAndCharacterOfPosition(node.getStart()).line;
      const above = line > 0 ? source.split('\n')[line - 1] : '';
      if (!NOT_A_ROW.test(above)) add(node, `column converted: ${node.expression.text}(…)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

export function moduleOf(relative: string): string {
  return relative.split(path.sep)[2];
}

/** Every offence under server/modules outside repository files. */
export function offences(): Offence[] {
  return filesUnder(MODULES)
    .filter((file) => !isRepositoryFile(path.relative(ROOT, file)))
    .flatMap((file) => {
      const source = fs.readFileSync(file, 'utf8');
      return [
        ...tableUses(file, source).map((u) => ({ file: u.file, line: u.line, what: `query on ${u.table}` })),
        ...rowHandling(file, source),
      ];
    });
}

// `npx tsx test/server/platform/tableUses.ts`: what is left to move into repositories, per module.
if (process.argv[1]?.endsWith('tableUses.ts')) {
  const all = offences();
  const byModule = new Map<string, number>();
  for (const o of all) byModule.set(moduleOf(o.file), (byModule.get(moduleOf(o.file)) ?? 0) + 1);
  for (const [m, n] of [...byModule].sort((a, b) => b[1] - a[1])) console.log(`${String(n).padStart(5)} ${m}`);
  if (process.argv.includes('--list')) for (const o of all) console.log(`${o.file}:${o.line} ${o.what}`);
  console.log(`${String(all.length).padStart(5)} in all`);
}
