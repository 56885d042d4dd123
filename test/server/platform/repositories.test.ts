/**
 * Repositories return clean rows (DESIGN.md 2, "A module owns its tables"): a feature's queries
 * live in its repository files, which hand out rows already typed for use — ids as numbers, money
 * as `Money`, instants as `Date` — so nothing else casts a row (`as XRow`), converts its ids
 * (`Number(row.id)`) or reads a stored column (`fromDbInstant`, `moneyFromColumn`). Tables are
 * typed through knex's `Tables` interface, each by its owner.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { expect, test } from 'vitest';
import { PART_OF, TABLE_OWNERS } from '../../../server/db/owners';
import { ROOT, TABLES, filesUnder, isRepositoryFile, offences, rowHandling } from './tableUses';

test('queries, row casts and id conversions live only in repository files', () => {
  expect(offences().map((o) => `${o.file}:${o.line} ${o.what}`)).toEqual([]);
});

/** The owner a file declares for: its module folder (or the feature that folder is part of), or platform. */
function ownerOfFile(relative: string): string {
  const parts = relative.split(path.sep);
  if (parts[1] === 'platform' || parts[1] === 'db') return 'platform';
  return PART_OF[parts[2]] ?? parts[2];
}

/** The tables each `declare module 'knex/types/tables' { interface Tables { … } }` names. */
function declaredTables(): Map<string, string> {
  const declared = new Map<string, string>();
  for (const file of filesUnder(path.join(ROOT, 'server'))) {
    const source = fs.readFileSync(file, 'utf8');
    if (!source.includes('knex/types/tables')) continue;
    const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isInterfaceDeclaration(node) && node.name.text === 'Tables') {
        for (const member of node.members)
          if (member.name) declared.set(member.name.getText(sf).replace(/['"]/g, ''), path.relative(ROOT, file));
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return declared;
}

test("every table is typed in knex's Tables interface, by its owner", () => {
  const declared = declaredTables();
  const owners: Record<string, string> = TABLE_OWNERS;
  expect([...TABLES].filter((t) => !declared.has(t))).toEqual([]);
  const strays = [...declared]
    .filter(([table, file]) => ownerOfFile(file) !== owners[table])
    .map(([table, file]) => `${table} in ${file}`);
  expect(strays).toEqual([]);
});

test('the reader finds what it looks for (so the tests above cannot pass by seeing nothing)', () => {
  const seen = (source: string) => rowHandling(path.join(ROOT, 'server/modules/x/y.ts'), source).map((o) => o.what);
  expect(seen('const r = row as UserRow; const n = Number(r.id) + Number(o.user_id);')).toEqual([
    'cast to UserRow',
    'id converted: Number(r.id)',
    'id converted: Number(o.user_id)',
  ]);
  expect(seen('const n = Number(req.params.orderId); const m = Number(total);')).toEqual([]);
  expect(seen('const at = fromDbInstant(row.created_at);\nconst paid = moneyFromColumn(row.paid, c);')).toEqual([
    'column converted: fromDbInstant(…)',
    'column converted: moneyFromColumn(…)',
  ]);
  expect(
    seen('// not a row: the files service hands it out as text\nconst at = fromDbInstant(file.createdAt);'),
  ).toEqual([]);
  expect(isRepositoryFile(path.join('server', 'modules', 'orders', 'repo.ts'))).toBe(true);
  expect(isRepositoryFile(path.join('server', 'modules', 'review', 'allocation', 'repo', 'x.ts'))).toBe(true);
  expect(isRepositoryFile(path.join('server', 'modules', 'review', 'allocationRepo.ts'))).toBe(true);
  expect(isRepositoryFile(path.join('server', 'modules', 'orders', 'service.ts'))).toBe(false);
});
