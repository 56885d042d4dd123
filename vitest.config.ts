import { defineConfig } from 'vitest/config';

// Server tests run on SQLite, and again on MariaDB/MySQL when TEST_DATABASE_URL names one.
const mysql = process.env.TEST_DATABASE_URL
  ? [{ extends: true as const, test: { name: 'mariadb', include: ['test/server/**/*.test.ts'], env: { TEST_DIALECT: 'mysql' } } }]
  : [];

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    projects: [{ extends: true, test: { name: 'sqlite', include: ['test/**/*.test.ts'], exclude: ['test/e2e/**', 'test/bench/**'] } }, ...mysql],
  },
});
