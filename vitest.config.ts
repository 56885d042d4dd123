import { defineConfig } from 'vitest/config';

// Server tests run on SQLite, and again on MariaDB/MySQL when TEST_DATABASE_URL names one.
const mysql = process.env.TEST_DATABASE_URL
  ? [
      {
        extends: true as const,
        test: { name: 'mariadb', include: ['test/server/**/*.test.ts'], env: { TEST_DIALECT: 'mysql' } },
      },
    ]
  : [];

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Modules are loaded once per worker, not once per file: importing the server (React, antd,
    // pdfkit, exceljs...) again for each of 300 files was half of the suite's time (issue 36). Each
    // file still makes its own database and app (test/helpers/harness.ts); what a module keeps
    // between files is per process by design (caches keyed by conference, the antd style cache).
    isolate: false,
    // Vitest's default is one worker less than the cores: one on CI's two.
    maxWorkers: Number(process.env.TEST_WORKERS ?? 2),
    reporters: ['default', './test/support/fileTimeGuard.ts'],
    projects: [
      {
        extends: true,
        test: { name: 'sqlite', include: ['test/**/*.test.ts'], exclude: ['test/e2e/**', 'test/bench/**'] },
      },
      ...mysql,
    ],
  },
});
