/**
 * An S3-protocol server for the tests (s3rver, in a child process on a free port, over a temporary
 * folder), with the bucket made, and the settings that point the platform at it. Its built-in
 * account is S3RVER/S3RVER; it refuses an unknown key id (but does not check v4 signatures).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import type { S3Settings } from '../../server/platform/s3Files';

export type TestBucket = {
  settings: S3Settings & { S3_BUCKET: string };
  /** the same, as environment variables for loadConfig (the harness's `env`) */
  env: Record<string, string>;
  stop(): Promise<void>;
};

export async function startTestBucket(bucket = 'platform-test'): Promise<TestBucket> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', path.join(import.meta.dirname, 's3rverProcess.mjs'), directory, bucket],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    readline
      .createInterface({ input: child.stdout! })
      .once('line', (line) => resolve((JSON.parse(line) as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`s3rver exited (${code}) before it listened`)));
  });
  const env = {
    S3_BUCKET: bucket,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
  return {
    settings: { ...env, S3_FORCE_PATH_STYLE: true },
    env,
    async stop() {
      child.stdin!.end();
      await exited;
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
