/**
 * Each table has one owner (server/db/owners.ts): no file outside the owner's folder names the
 * table in a query. Read from the source with the TypeScript parser, so comments and ordinary
 * strings do not count. Migrations and server/seed are exempt (they build and fill every table).
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { expect, test } from 'vitest';
import { PART_OF, TABLE_OWNERS } from '../../../server/db/owners';

const ROOT = path.resolve(__dirname, '../../..');
const SCANNED = ['server/modules', 'server/platform', 'server/db'];

/** Methods of a knex builder whose first argument is a table. */
const TABLE_METHODS = new Set(['from', 'into', 'table', 'join', 'innerJoin', 'leftJoin', 'leftOuterJoin', 'rightJoin', 'rightOuterJoin', 'fullOuterJoin', 'crossJoin']);
/** What a connection or transaction is called when it is a property (`this.db('users')`). */
const CONNECTIONS = new Set(['db', 'tx', 'trx', 'conn', 'knex']);

type Use = { file: string; line: number; table: string };

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return filesUnder(full);
    return /\.tsx?$/.test(e.name) ? [full] : [];
  });
}

function migrationTables(): string[] {
  const text = filesUnder(path.join(ROOT, 'migrations')).map((f) => fs.readFileSync(f, 'utf8')).join('\n');
  return [...new Set([...text.matchAll(/createTable\(\s*['"`]([a-z_]+)['"`]/g)].map((m) => m[1]))].sort();
}

const TABLES = new Set(migrationTables());

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
  if (ts.isPropertyAccessExpression(callee)) return TABLE_METHODS.has(callee.name.text) || CONNECTIONS.has(callee.name.text) || callee.expression.kind === ts.SyntaxKind.ThisKeyword;
  return false;
}

/** Every place a file names a table in a query. */
function tableUses(file: string, source: string): Use[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const uses: Use[] = [];
  const add = (node: ts.Node, table: string | null) => {
    if (table) uses.push({ file: path.relative(ROOT, file), line: sf.getLineAndCharacterOfPosition(node.getStart()).line + 1, table });
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && isQueryCall(node)) {
      const first = stringOf(node.arguments[0]);
      if (first !== null) add(node, tableIn(first));
    }
    // { table: 'registration_settings', where } (the capacity helper's locks); const TABLE = 'x'.
    if (ts.isPropertyAssignment(node) && /table/i.test(node.name.getText(sf))) add(node, tableIn(stringOf(node.initializer) ?? ''));
    if (ts.isVariableDeclaration(node) && /table/i.test(node.name.getText(sf))) add(node, tableIn(stringOf(node.initializer) ?? ''));
    // Raw SQL: ... from users, join `sessions`, insert into files, update conferences ...
    const text = stringOf(node) ?? (ts.isTemplateExpression(node) ? node.getText(sf) : null);
    if (text !== null) {
      for (const m of text.matchAll(/\b(?:from|join|into|update)\s+[`"]?([a-z_]+)\b/gi)) if (TABLES.has(m[1])) add(node, m[1]);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return uses;
}

/** The owner a file writes for: its module folder (or the feature that folder is part of), or platform. */
function ownerOfFile(relative: string): string {
  const parts = relative.split(path.sep);
  if (parts[1] === 'platform') return 'platform';
  if (parts[1] === 'db') return 'db';
  return PART_OF[parts[2]] ?? parts[2];
}

function allUses(): Array<Use & { owner: string }> {
  return SCANNED.flatMap((dir) => filesUnder(path.join(ROOT, dir))).flatMap((file) =>
    tableUses(file, fs.readFileSync(file, 'utf8')).map((u) => ({ ...u, owner: ownerOfFile(u.file) })),
  );
}

test('every table a migration creates has one owner, and every owner exists', () => {
  expect(Object.keys(TABLE_OWNERS).sort()).toEqual([...TABLES]);
  const modules = new Set(fs.readdirSync(path.join(ROOT, 'server/modules')));
  const unknown = Object.entries(TABLE_OWNERS).filter(([, owner]) => owner !== 'platform' && !modules.has(owner));
  expect(unknown).toEqual([]);
});

test('no table is touched outside its owner', () => {
  const owners: Record<string, string> = TABLE_OWNERS;
  const trespass = allUses()
    .filter((u) => owners[u.table] !== u.owner)
    .map((u) => `${u.file}:${u.line} ${u.table} (owned by ${owners[u.table]})`);
  expect(trespass).toEqual([]);
});

test('the reader sees every kind of use (so the test above cannot pass by seeing nothing)', () => {
  const seen = (source: string) => tableUses(path.join(ROOT, 'server/modules/x/y.ts'), source).map((u) => u.table);
  expect(seen(`db('users').where({ id })`)).toEqual(['users']);
  expect(seen(`this.db<Row>('files as f').first()`)).toEqual(['files']);
  expect(seen(`tx('a').join('conference_roles as r', 'r.user_id', 'a.id').leftJoin("sessions", 'x', 'y')`).sort()).toEqual(['conference_roles', 'sessions']);
  expect(seen(`q.whereExists(function () { this.from('super_admins') })`)).toEqual(['super_admins']);
  expect(seen(`const lock = { table: 'registration_settings', where: {} }; const TABLE = 'mail_outbox';`)).toEqual(['registration_settings', 'mail_outbox']);
  expect(seen('db.raw(`select id from users where x = ?`)')).toEqual(['users']);
  // Not queries: comments, messages, other calls' later arguments.
  expect(seen(`// db('users')\nsave(cid, userId, 'feedback'); res.attachment('files.zip'); t.string('pages');`)).toEqual([]);
  // And on the real tree it finds the owners' own uses.
  const found = new Set(allUses().map((u) => `${u.owner}:${u.table}`));
  for (const use of ['platform:sessions', 'registration:registration_settings', 'accounts:identity_providers', 'files:upload_budgets', 'sites:pages']) expect(found).toContain(use);
});
