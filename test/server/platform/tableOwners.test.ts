/**
 * Each table has one owner (server/db/owners.ts): no file outside the owner's folder names the
 * table in a query. Read from the source with the TypeScript parser, so comments and ordinary
 * strings do not count. Migrations and server/seed are exempt (they build and fill every table).
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { PART_OF, TABLE_OWNERS } from '../../../server/db/owners';
import { ROOT, SCANNED, TABLES, filesUnder, tableUses, type Use } from './tableUses';

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
  expect(
    seen(`tx('a').join('conference_roles as r', 'r.user_id', 'a.id').leftJoin("sessions", 'x', 'y')`).sort(),
  ).toEqual(['conference_roles', 'sessions']);
  expect(seen(`q.whereExists(function () { this.from('super_admins') })`)).toEqual(['super_admins']);
  expect(seen(`const lock = { table: 'registration_settings', where: {} }; const TABLE = 'mail_outbox';`)).toEqual([
    'registration_settings',
    'mail_outbox',
  ]);
  expect(seen('db.raw(`select id from users where x = ?`)')).toEqual(['users']);
  // Not queries: comments, messages, other calls' later arguments.
  expect(
    seen(`// db('users')\nsave(cid, userId, 'feedback'); res.attachment('files.zip'); t.string('pages');`),
  ).toEqual([]);
  // And on the real tree it finds the owners' own uses.
  const found = new Set(allUses().map((u) => `${u.owner}:${u.table}`));
  for (const use of [
    'platform:sessions',
    'registration:registration_settings',
    'accounts:identity_providers',
    'files:upload_budgets',
    'sites:pages',
  ])
    expect(found).toContain(use);
});
