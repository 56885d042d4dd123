/**
 * Every environment variable the platform reads, parsed and validated in one place.
 * Other modules import `config`; none of them reads process.env.
 */
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { z } from 'zod';

/** What Express's `trust proxy` setting takes. */
export type TrustProxy = number | boolean | string[];

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^(mysql|mariadb):\/\//, 'DATABASE_URL must start with mysql:// (MySQL or MariaDB)')
    .optional(),
  // How long a request waits for a pooled database connection, and (MySQL/MariaDB) how long one
  // statement may run, lock waits included (0: no limit); past either it answers 503 (server/db).
  DB_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'REDIS_URL must start with redis://').optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://').optional(),
  SECRET: z.string().min(32, 'SECRET must be at least 32 characters').optional(),
  ADMIN_EMAIL: z.string().email().default('admin@platform.localhost'),
  ADMIN_PASSWORD: z.string().min(10).optional(),
  PLATFORM_HOST: z.string().default('platform.localhost'),
  // The platform host's public origin (https://platform.example.org), where the account forms
  // shown inside conference pages are served; without it, the scheme and port of each request.
  PLATFORM_URL: z
    .string()
    .url('PLATFORM_URL must be an origin such as https://platform.example.org')
    .regex(/^https?:\/\/[^/?#]+\/?$/, 'PLATFORM_URL must be an origin such as https://platform.example.org')
    .optional(),
  // New conferences get <slug>.<SITE_DOMAIN> (server/modules/conferences).
  SITE_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/, 'SITE_DOMAIN must be a host name such as conf.example.org')
    .default('localhost'),
  // Express `trust proxy`, parsed to its real type: a number is a hop count, true/false a
  // boolean, anything else a comma-separated list of addresses, subnets or names (loopback…).
  // The string "1" would otherwise be read as an address and trust nobody.
  TRUST_PROXY: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx): TrustProxy | undefined => {
      if (v === undefined || v === '') return undefined;
      if (/^\d+$/.test(v)) return Number(v);
      if (v === 'true' || v === 'false') return v === 'true';
      const list = v.split(',').map((s) => s.trim()).filter(Boolean);
      if (list.some((s) => !/^[0-9a-fA-F.:/]+$|^(loopback|linklocal|uniquelocal)$/.test(s))) {
        ctx.addIssue({ code: 'custom', message: 'TRUST_PROXY must be a hop count, true/false, or addresses/subnets (or loopback, linklocal, uniquelocal)' });
        return z.NEVER;
      }
      return list;
    }),
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
