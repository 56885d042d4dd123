/**
 * Every environment variable the platform reads, parsed and validated in one place.
 * Other modules import `config`; none of them reads process.env.
 */
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import net from 'node:net';
import { z } from 'zod';

/** What Express's `trust proxy` setting takes. */
export type TrustProxy = number | boolean | string[];

// A host name, an IPv4/IPv6 address, or either address with a /prefix.
const HOST_OR_CIDR = /^[a-z0-9.:-]+(\/\d{1,3})?$/;

function isCidr(entry: string): boolean {
  const [address, bits] = entry.split('/');
  const family = net.isIP(address);
  return family !== 0 && Number(bits) <= (family === 4 ? 32 : 128);
}

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

/** An optional setting where an empty value (`S3_BUCKET=` in an env file) means unset. */
function unsetWhenEmpty(inner: z.ZodString) {
  return z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(inner.optional());
}

const settings = z.object({
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
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis://')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
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
  // How people outside the browser reach this deployment: links written into mails and PDFs are
  // <PUBLIC_SCHEME>://<host>[:<PUBLIC_PORT>] (server/platform/publicUrl.ts). Both default from
  // NODE_ENV below: https on the default port in production, else http on PORT (`npm start`).
  PUBLIC_SCHEME: z.enum(['http', 'https'], { message: 'PUBLIC_SCHEME must be http or https' }).optional(),
  PUBLIC_PORT: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx): number | undefined => {
      if (v === undefined || v === '') return undefined;
      const port = /^\d{1,5}$/.test(v) ? Number(v) : NaN;
      if (!(port >= 1 && port <= 65535)) {
        ctx.addIssue({ code: 'custom', message: 'PUBLIC_PORT must be a port number from 1 to 65535' });
        return z.NEVER;
      }
      return port;
    }),
  // New conferences get <slug>.<SITE_DOMAIN> (server/modules/conferences).
  SITE_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .regex(
      /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/,
      'SITE_DOMAIN must be a host name such as conf.example.org',
    )
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
      const list = v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (list.some((s) => !/^[0-9a-fA-F.:/]+$|^(loopback|linklocal|uniquelocal)$/.test(s))) {
        ctx.addIssue({
          code: 'custom',
          message:
            'TRUST_PROXY must be a hop count, true/false, or addresses/subnets (or loopback, linklocal, uniquelocal)',
        });
        return z.NEVER;
      }
      return list;
    }),
  // Where the online payment methods' gateways are, when not their production or sandbox hosts (a
  // test fake; a bank's own front): JSON such as {"walletA":"http://127.0.0.1:5001"}. Set by whoever
  // runs the platform, never by a conference: a manager picks production or sandbox only, so no
  // conference can point the server's requests, keys and callbacks at a host it chose.
  PAYMENT_GATEWAY_URLS: z
    .string()
    .trim()
    .default('{}')
    .transform((v, ctx): Record<string, string> => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(v || '{}');
      } catch {
        parsed = null;
      }
      const methods = ['cardForeign', 'cardDomestic', 'walletA', 'walletB', 'onlineWallet'];
      const ok =
        parsed &&
        typeof parsed === 'object' &&
        !Array.isArray(parsed) &&
        Object.entries(parsed).every(
          ([k, u]) => methods.includes(k) && typeof u === 'string' && /^https?:\/\/[^\s]+$/.test(u),
        );
      if (!ok) {
        ctx.addIssue({
          code: 'custom',
          message: `PAYMENT_GATEWAY_URLS must be JSON mapping ${methods.join(', ')} to http(s) URLs`,
        });
        return z.NEVER;
      }
      return Object.fromEntries(
        Object.entries(parsed as Record<string, string>).map(([k, u]) => [k, u.replace(/\/+$/, '')]),
      );
    }),
  // What this process does (docs/operations.md "Roles"): `web` serves HTTP and runs no background
  // work; `worker` runs the jobs and the queued heavy work and serves only health and metrics.
  ROLE: z.enum(['all', 'web', 'worker'], { message: 'ROLE must be all, web or worker' }).default('all'),
  // On SIGTERM, how long /readyz answers 503 while requests are still taken, so a proxy that polls
  // it stops sending new ones before the port closes (docs/operations.md "Shutdown").
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(10_000).default(5_000),
  // A web instance renders the sign-in page once itself right after it listens, so the first
  // visitor after a restart does not wait for the cold render (server/platform/warmUp.ts).
  WARM_UP: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  // Lets a scraper that is not on this machine read GET /metrics (Authorization: Bearer <token>).
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
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
  // Conference mail (docs/mail.md "Limits"): recipients a conference may mail a day on a manager's
  // request, while it is not published and once it is.
  MAIL_DAILY_BUDGET_UNPUBLISHED: z.coerce.number().int().min(0).default(50),
  MAIL_DAILY_BUDGET_PUBLISHED: z.coerce.number().int().min(0).default(5000),
  // Conferences one account may create (a draft is a site and a mail sender).
  CONFERENCE_CREATE_PER_HOUR: z.coerce.number().int().min(1).default(3),
  CONFERENCE_CREATE_PER_DAY: z.coerce.number().int().min(1).default(10),
  // A conference's own SMTP server: never a private, loopback or link-local address unless allowed.
  SMTP_ALLOW_PRIVATE_HOSTS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  SMTP_ALLOWED_HOSTS: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const entries = v
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean);
      const bad = entries.filter((e) => !HOST_OR_CIDR.test(e) || (e.includes('/') && !isCidr(e)));
      if (bad.length) ctx.addIssue({ code: 'custom', message: `not a host name, address or CIDR: ${bad.join(', ')}` });
      return entries;
    }),
  SMTP_ALLOWED_PORTS: z
    .string()
    .default('25,465,587,2525')
    .transform((v, ctx): number[] | 'any' => {
      if (v.trim() === '*') return 'any';
      const ports = v
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)
        .map(Number);
      if (!ports.length || ports.some((p) => !Number.isInteger(p) || p < 1 || p > 65535))
        ctx.addIssue({ code: 'custom', message: 'a comma-separated list of ports, or *' });
      return ports;
    }),
  // Uploads made while a form is being filled in and not yet saved (server/modules/files/temporary.ts).
  TEMP_UPLOAD_CONFERENCE_BUDGET: byteSize('512MB'),
  TEMP_UPLOAD_TOTAL_BUDGET: byteSize('4GB'),
  TEMP_UPLOAD_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(7 * 24 * 60)
    .default(120),
  TEMP_UPLOAD_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(100),
  // Files in an S3-compatible bucket instead of DATA_DIR (server/platform/s3Files.ts; docs/operations.md
  // "Files in a bucket"). S3_BUCKET turns it on; an empty value is the same as unset.
  S3_BUCKET: unsetWhenEmpty(
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'S3_BUCKET must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
      ),
  ),
  // MinIO, Ceph, OSS, COS…: their URL (http://minio:9000); unset for AWS S3 itself.
  S3_ENDPOINT: unsetWhenEmpty(
    z
      .string()
      .regex(
        /^https?:\/\/[^\s/?#]+\/?$/,
        'S3_ENDPOINT must be a URL such as http://minio:9000 or https://oss-cn-beijing.aliyuncs.com',
      ),
  ),
  S3_REGION: unsetWhenEmpty(
    z.string().regex(/^[a-z0-9-]{2,40}$/, 'S3_REGION must be a region name such as us-east-1'),
  ).transform((v) => v ?? 'us-east-1'),
  S3_ACCESS_KEY_ID: unsetWhenEmpty(z.string()),
  S3_SECRET_ACCESS_KEY: unsetWhenEmpty(z.string()),
  // Bucket in the path (http://minio:9000/bucket/key) rather than in the host name: MinIO and most self-hosted stores.
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'], { message: 'S3_FORCE_PATH_STYLE must be true or false' })
    .default('false')
    .transform((v) => v === 'true'),
});

const schema = settings
  .superRefine((values, ctx) => {
    // The keys are asked for rather than looked for elsewhere (instance roles, ~/.aws): what a
    // process uses is what its settings say.
    if (!values.S3_BUCKET) return;
    for (const key of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (!values[key])
        ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required when S3_BUCKET is set` });
    }
  })
  .transform(({ PUBLIC_SCHEME, PUBLIC_PORT, ...values }) => {
    // Unset, a try-out is reached as it listens (http, PORT); production sits behind TLS on 443.
    const scheme = PUBLIC_SCHEME ?? (values.NODE_ENV === 'production' ? 'https' : 'http');
    // PORT 0 (any free port) names no port anyone could be told.
    const port = PUBLIC_PORT ?? (values.NODE_ENV === 'production' ? null : values.PORT || null);
    return { ...values, PUBLIC_SCHEME: scheme, PUBLIC_PORT: port };
  });

export type Config = z.infer<typeof schema> & { secret: string; secretGenerated: boolean };

/** Every setting the platform reads (deploy files are checked against it: test/server/platform/deploy.test.ts). */
export const CONFIG_KEYS: readonly string[] = Object.keys(settings.shape);

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
