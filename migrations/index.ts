/**
 * The ordered list of migrations. Imported statically (not read from the folder) so that
 * tsx, vitest and a bundled server all run exactly the same list. Never edit a landed one.
 */
import type { Knex } from 'knex';
import * as m001 from './001_platform';
import * as m002 from './002_sites';

type Migration = { up(knex: Knex): Promise<void>; down(knex: Knex): Promise<void> };

const migrations: Record<string, Migration> = {
  '001_platform': m001,
  '002_sites': m002,
};

export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations),
  getMigrationName: (name) => name,
  getMigration: async (name) => migrations[name],
};
