/** The deployment's outside address (PUBLIC_SCHEME, PUBLIC_PORT): parsed at start, written by one function. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadConfig } from '../../../server/config';
import { conferenceOrigin, platformPublicOrigin, publicOrigin } from '../../../server/platform/publicUrl';

const load = (env: Record<string, string>) =>
  loadConfig({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'cp-public-')), SECRET: 'x'.repeat(40), ...env });

describe('PUBLIC_SCHEME and PUBLIC_PORT', () => {
  test.each([
    ['a try-out (the README: npm start)', {}, 'http', 3000],
    ['a try-out on another port', { PORT: '8080' }, 'http', 8080],
    ['production behind TLS', { NODE_ENV: 'production' }, 'https', null],
    ['production on a port of its own', { NODE_ENV: 'production', PUBLIC_PORT: '8443' }, 'https', 8443],
    ['plain http in production', { NODE_ENV: 'production', PUBLIC_SCHEME: 'http' }, 'http', null],
    ['a try-out behind a proxy on 443', { PUBLIC_SCHEME: 'https', PUBLIC_PORT: '443' }, 'https', 443],
    ['an empty port is unset', { PUBLIC_PORT: ' ' }, 'http', 3000],
    ['PORT 0 names no port', { PORT: '0' }, 'http', null],
  ])('%s', (_name, env, scheme, port) => {
    expect(load(env)).toMatchObject({ PUBLIC_SCHEME: scheme, PUBLIC_PORT: port });
  });

  test.each([
    [{ PUBLIC_SCHEME: 'ftp' }, 'PUBLIC_SCHEME: PUBLIC_SCHEME must be http or https'],
    [{ PUBLIC_SCHEME: 'HTTPS' }, 'PUBLIC_SCHEME must be http or https'],
    [{ PUBLIC_PORT: 'abc' }, 'PUBLIC_PORT: PUBLIC_PORT must be a port number from 1 to 65535'],
    [{ PUBLIC_PORT: '0' }, 'PUBLIC_PORT must be a port number'],
    [{ PUBLIC_PORT: '65536' }, 'PUBLIC_PORT must be a port number'],
    [{ PUBLIC_PORT: '80.5' }, 'PUBLIC_PORT must be a port number'],
    [{ PUBLIC_PORT: '-1' }, 'PUBLIC_PORT must be a port number'],
  ])('a bad value stops the start, naming it: %o', (env, message) => {
    expect(() => load(env)).toThrow(message);
  });
});

describe('publicOrigin', () => {
  test.each([
    ['http', 3000, 'http://demo.localhost:3000'],
    ['http', 80, 'http://demo.localhost'],
    ['https', 443, 'https://demo.localhost'],
    ['https', null, 'https://demo.localhost'],
    ['https', 80, 'https://demo.localhost:80'],
    ['http', 443, 'http://demo.localhost:443'],
    ['https', 8443, 'https://demo.localhost:8443'],
  ] as const)('%s on port %s: %s', (scheme, port, origin) => {
    expect(publicOrigin({ PUBLIC_SCHEME: scheme, PUBLIC_PORT: port }, 'Demo.LOCALHOST')).toBe(origin);
  });

  test("a conference without a domain has no address; the platform host's is PLATFORM_URL when set", () => {
    const links = { PUBLIC_SCHEME: 'http', PUBLIC_PORT: 3000 } as const;
    expect(conferenceOrigin(links, { primaryDomain: null })).toBe('');
    expect(conferenceOrigin(links, { primaryDomain: 'demo2.localhost' })).toBe('http://demo2.localhost:3000');
    expect(platformPublicOrigin({ ...links, PLATFORM_HOST: 'platform.localhost', PLATFORM_URL: undefined })).toBe(
      'http://platform.localhost:3000',
    );
    expect(
      platformPublicOrigin({
        ...links,
        PLATFORM_HOST: 'platform.localhost',
        PLATFORM_URL: 'https://accounts.example.org/',
      }),
    ).toBe('https://accounts.example.org');
  });
});
