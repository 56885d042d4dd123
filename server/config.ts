/**
 * Every environment variable the platform reads, parsed and validated in one place.
 * Other modules import `config`; none of them reads process.env.
 */
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { z } from 'zod';

const SIZE_UNITS: Record<string, number> = { '': 1, b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3, tb: 1024 ** 4 };

/** A number of bytes written as `500MB`, `2GB`, `64KB` or plain bytes (units are binary: 1KB = 1024 B). */
function byteSize(fallback: string) {
  return z
    .string()
    .default(fallback)
    .transform((v, ctx) => {
      const m = /^\s*(\d+(?:\.\d+)?)\s*([kmgt]?b?)\s*$/i.exec(v);
      const bytes = m ? Math.floor(Number(m[1]) * SIZE_UNITS[m[2].toLowerCase().replace(/^([kmgt])$/, '$1b')]) : NaN;
      if (!Number.isSafeInteger(bytes) || bytes < 1) {
        ctx.addIssue({ code: 'custom', message: 'must be a size such as 512MB, 2GB or 65536' });
        return z.NEVER;
      }
      return bytes;
    });
}

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^(mysql|mariadb):\/\//, 'DATABASE_URL must start with mysql:// (MySQL or MariaDB)')
    .optional(),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'REDIS_URL must start with redis://').optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://').optional(),
  SECRET: z.string().min(32, 'SECRET must be at least 32 characters').optional(),
  ADMIN_EMAIL: z.string().email().default('admin@platform.localhost'),
  ADMIN_PASSWORD: z.string().min(10).optional(),
  PLATFORM_HOST: z.string().default('platform.localhost'),
  // New conferences get <slug>.<SITE_DOMAIN> (server/modules/conferences).
  SITE_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/, 'SITE_DOMAIN must be a host name such as conf.example.org')
    .default('localhost'),
  TRUST_PROXY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // `npm run dev`: Vite serves the browser code from source; otherwise the built dist/ is served.
  VITE_DEV_SERVER: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  // Uploads made while a form is being filled in and not yet saved (server/modules/files/temporary.ts).
  TEMP_UPLOAD_CONFERENCE_BUDGET: byteSize('512MB'),
  TEMP_UPLOAD_TOTAL_BUDGET: byteSize('4GB'),
  TEMP_UPLOAD_TTL_MINUTES: z.coerce.number().int().min(5).max(7 * 24 * 60).default(120),
  TEMP_UPLOAD_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(100),
});

export type Config = z.infer<typeof schema> & { secret: string; secretGenerated: boolean };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const values = parsed.data;
  const dataDir = path.resolve(values.DATA_DIR);
  fs.mkdirSync(dataDir, { recursive: true });
  const { secret, generated } = values.SECRET
    ? { secret: values.SECRET, generated: false }
    : readOrCreateSecret(dataDir);
  return { ...values, DATA_DIR: dataDir, secret, secretGenerated: generated };
}

/** Without SECRET, a random one is kept in DATA_DIR so tokens survive restarts. */
function readOrCreateSecret(dataDir: string): { secret: string; generated: boolean } {
  const file = path.join(dataDir, 'secret');
  if (fs.existsSync(file)) return { secret: fs.readFileSync(file, 'utf8').trim(), generated: false };
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret + '\n', { mode: 0o600 });
  return { secret, generated: true };
}
