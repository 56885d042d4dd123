/**
 * The deployment people copy (issue 31, deploy/): no container engine runs on the CI machine, so
 * compose.yaml is checked here for what would break it — a setting the platform does not know or
 * refuses, a role missing, a health check on the wrong path, a proxy file other than the one
 * test/e2e/proxy.test.ts runs behind real nginx — and nginx.conf for the forwarded headers the
 * platform trusts (TRUST_PROXY).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, test } from 'vitest';
import { CONFIG_KEYS, loadConfig } from '../../../server/config';

const DEPLOY = path.resolve(import.meta.dirname, '../../../deploy');
type Service = {
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  volumes?: string[];
  image?: string;
  build?: unknown;
  stop_grace_period?: string;
};
// yaml resolves the `<<` merges of the platform's shared block, as compose does.
const compose = parse(fs.readFileSync(path.join(DEPLOY, 'compose.yaml'), 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
};
const nginx = fs.readFileSync(path.join(DEPLOY, 'nginx.conf'), 'utf8');

describe('deploy/compose.yaml', () => {
  const platform = ['web1', 'web2', 'worker'].map((name) => [name, compose.services[name]] as const);

  test('two web instances and one worker, each built from the Dockerfile with its role', () => {
    expect(platform.map(([, s]) => s.environment?.ROLE)).toEqual(['web', 'web', 'worker']);
    for (const [, s] of platform) expect(s.build).toMatchObject({ dockerfile: 'Dockerfile' });
    expect(Object.keys(compose.services)).toEqual(
      expect.arrayContaining(['proxy', 'mariadb', 'redis', 'minio', 'bucket']),
    );
  });

  test('every setting is one the platform reads, and the platform accepts the values', () => {
    for (const [name, s] of platform) {
      const env = s.environment ?? {};
      expect(
        Object.keys(env).filter((k) => !CONFIG_KEYS.includes(k)),
        name,
      ).toEqual([]);
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'deploy-'));
      const config = loadConfig({ ...env, NODE_ENV: 'production', DATA_DIR: dataDir });
      expect(config).toMatchObject({ ROLE: env.ROLE, S3_BUCKET: 'platform-files', REDIS_URL: 'redis://redis:6379' });
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test("each instance is healthy when /readyz answers on the platform's port, and has time to shut down", () => {
    for (const [, s] of platform) {
      expect(s.healthcheck?.test.join(' ')).toContain('http://127.0.0.1:3000/readyz');
      expect(parseInt(s.stop_grace_period ?? '0', 10)).toBeGreaterThan(30);
    }
  });

  test('the proxy runs the nginx.conf beside it, the one the proxy test runs', () => {
    expect(compose.services.proxy.volumes).toContain('./nginx.conf:/etc/nginx/nginx.conf:ro');
    expect(fs.readFileSync(path.resolve(import.meta.dirname, '../../e2e/proxy.test.ts'), 'utf8')).toContain(
      "path.join(ROOT, 'deploy/nginx.conf')",
    );
  });
});

describe('deploy/nginx.conf', () => {
  test('sends to both web instances and forwards the host, the client and the scheme', () => {
    expect(nginx).toMatch(/server web1:3000/);
    expect(nginx).toMatch(/server web2:3000/);
    for (const header of ['Host $http_host', 'X-Forwarded-For $proxy_add_x_forwarded_for', 'X-Forwarded-Proto $scheme'])
      expect(nginx).toContain(`proxy_set_header ${header}`);
  });
});
