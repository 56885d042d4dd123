/**
 * The data of the heavy-work benchmark (heavy.ts), written straight into the server's database
 * (a few seconds, where the same through the API would take minutes): manuscripts with their
 * authors from the book's seeded fixture (test/server/submissions/bookFixtures.ts), unpaid orders
 * of registered people, the bank statement that pays them, and the people who sign in. On
 * MariaDB, the throwaway database the server runs on.
 */
import crypto from 'node:crypto';
import knexFactory from 'knex';
import { insertId, toDbInstant } from '../../server/db/dialect';
import { createDb, migrate, type Db } from '../../server/db/index';
import { ensureUser, grantRole } from '../../server/modules/accounts/service';
import type { BookAbstract } from '../../server/modules/submissions/book/types';
import { bookFixture } from '../server/submissions/bookFixtures';

/** Rows per INSERT: well within SQLite's and MariaDB's limits on a statement's parameters. */
const CHUNK = 100;

async function insertChunks(db: Db, table: string, rows: object[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await db(table).insert(rows.slice(i, i + CHUNK));
}

// ── the database ─────────────────────────────────────────────────────────────────────────

/** A fresh `cp_test_bench_<random>` database on the server of `base`, migrated; `drop` removes it. */
export async function mariadbForBench(base: string): Promise<{ databaseUrl: string; drop(): Promise<void> }> {
  const url = new URL(base);
  const admin = knexFactory({
    client: 'mysql2',
    connection: {
      host: url.hostname,
      port: Number(url.port || 3306),
      user: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
    },
    pool: { min: 0, max: 1 },
  });
  const name = `cp_test_bench_${crypto.randomBytes(4).toString('hex')}`;
  await admin.raw(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  // Migrated here, not by the server: 30-odd migrations on a busy MariaDB can outlast the
  // minute the server is given to answer its first page.
  const db = createDb({ databaseUrl, dataDir: process.cwd() });
  try {
    await migrate(db);
  } finally {
    await db.destroy();
  }
  return {
    databaseUrl,
    async drop() {
      try {
        await admin.raw(`DROP DATABASE IF EXISTS \`${name}\``);
      } finally {
        await admin.destroy();
      }
    },
  };
}

export async function conferenceId(db: Db, slug: string): Promise<number> {
  const row = (await db('conferences').where({ slug }).first('id')) as { id: number } | undefined;
  if (!row) throw new Error(`no conference "${slug}": the demo seed did not run`);
  return Number(row.id);
}

// ── people ───────────────────────────────────────────────────────────────────────────────

/** A person with a password and roles in a conference (an attendee is also a registrant). */
export async function person(
  db: Db,
  cid: number,
  email: string,
  password: string,
  roles: Array<'manager' | 'attendee'>,
): Promise<number> {
  const { id } = await ensureUser(db, { email, trueName: roles.includes('manager') ? '会务组' : '李雷', password });
  for (const role of roles) await grantRole(db, cid, id, role);
  if (roles.includes('attendee')) {
    const now = toDbInstant();
    await db('registrants').insert({
      conference_id: cid,
      user_id: id,
      version: 'default',
      seq: 90_000 + id,
      code: `BENCH-${id}`,
      email,
      full_name: '李雷',
      first_name: '雷',
      last_name: '李',
      unit: '清华大学',
      phone: '13800138000',
      country: 'China',
      answers: '{}',
      created_at: now,
      updated_at: now,
    });
  }
  return id;
}

// ── manuscripts ──────────────────────────────────────────────────────────────────────────

const hasCjk = (s: string) => /[\u3400-\u9fff]/.test(s);
/** The fixture's printed name back into the form's two fields. */
function nameParts(printed: string): { name: string; surname: string } {
  if (hasCjk(printed)) return { surname: printed.slice(0, 1), name: printed.slice(1) };
  const at = printed.lastIndexOf(' ');
  return at < 0 ? { name: printed, surname: '' } : { name: printed.slice(0, at), surname: printed.slice(at + 1) };
}

/**
 * `n` long abstracts of about `chars` characters, Chinese and English paragraphs mixed: each is
 * four of the fixture's abstracts (two Chinese, two English) end to end, cut at `chars`.
 */
export function longAbstracts(n: number, chars = 3000): BookAbstract[] {
  const pool = bookFixture({ n: n * 4, seed: 30 }).abstracts;
  return Array.from({ length: n }, (_, i) => {
    const four = pool.slice(i * 4, i * 4 + 4);
    const text = Array.from(four.map((a) => a.abstract).join('\n'))
      .slice(0, chars)
      .join('');
    return { ...four[0], abstract: text, authors: [...four[0].authors, ...four[1].authors].slice(0, 8) };
  });
}

/** The fixture of `npm run bench:book` (500 abstracts of 600–1500 characters, a few pathological ones). */
export function bookAbstracts(n: number): BookAbstract[] {
  return bookFixture({ n, perPage: 2 }).abstracts;
}

/** Writes the abstracts as manuscripts of `cid` (numbers `<prefix>-0001`…, spread over its sessions); answers their ids. */
export async function addManuscripts(
  db: Db,
  cid: number,
  authorId: number,
  prefix: string,
  abstracts: BookAbstract[],
): Promise<number[]> {
  const sessions = (
    (await db('submission_sessions')
      .where({ conference_id: cid })
      .whereNull('parent_id')
      .orderBy('sort')
      .select('id')) as Array<{ id: number }>
  ).map((s) => Number(s.id));
  if (!sessions.length) throw new Error(`conference ${cid} has no sessions: the demo's call for papers was not seeded`);
  const now = toDbInstant();
  const ids: number[] = [];
  for (const [i, a] of abstracts.entries()) {
    const id = await insertId(
      db('submissions').insert({
        conference_id: cid,
        user_id: authorId,
        number: `${prefix}-${String(i + 1).padStart(4, '0')}`,
        title: Array.from(a.title).slice(0, 300).join(''),
        session_id: sessions[i % sessions.length],
        sub_session_id: null,
        report_type_id: null,
        category_id: null,
        abstract: a.abstract,
        keywords: a.keywords.slice(0, 500),
        abstract_file: '',
        full_text_file: '',
        status: 'waiting',
        active: true,
        lang: hasCjk(a.title) ? 'zh' : 'en',
        submitted_at: now,
        updated_at: now,
      }),
    );
    ids.push(id);
  }
  const authors = abstracts.flatMap((a, i) =>
    a.authors.map((au, k) => ({
      conference_id: cid,
      submission_id: ids[i],
      position: k + 1,
      ...nameParts(au.name),
      email: `author${i}-${k}@example.org`,
      phone: '',
      country: hasCjk(au.name) ? 'China' : 'United Kingdom',
      company: au.affiliation,
      corresponding: au.corresponding,
    })),
  );
  await insertChunks(db, 'submission_authors', authors);
  return ids;
}

// ── orders and the bank statement ────────────────────────────────────────────────────────

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** A transfer reference as the orders feature makes them (CP + 8 of Crockford's base 32), distinct per `n`. */
const referenceOf = (n: number) =>
  `CP${Array.from({ length: 8 }, (_, k) => CROCKFORD[Math.floor(n / 32 ** (7 - k)) % 32]).join('')}`;

export type SeededOrder = { reference: string; amount: number };

/**
 * `n` registered people of `cid`, each with one unpaid registration order of 1,200.00 CNY (one
 * line), as the orders feature writes them; answers their references.
 */
export async function addOrders(db: Db, cid: number, n: number): Promise<SeededOrder[]> {
  const now = toDbInstant();
  const deadline = toDbInstant(new Date(Date.now() + 30 * 86_400_000));
  const tag = crypto.randomBytes(3).toString('hex');
  const emails = Array.from({ length: n }, (_, i) => `payer${i}-${tag}@example.org`);
  await insertChunks(
    db,
    'users',
    emails.map((email, i) => ({
      email,
      true_name: `付款人${i}`,
      password_hash: null,
      umt_id: null,
      cstnet_id: email,
      created_at: now,
      updated_at: now,
    })),
  );
  const users = (await db('users').whereIn('email', emails).select('id', 'email')) as Array<{
    id: number;
    email: string;
  }>;
  const idOf = new Map(users.map((u) => [u.email, Number(u.id)]));
  await insertChunks(
    db,
    'conference_roles',
    emails.map((email) => ({ conference_id: cid, user_id: idOf.get(email), role: 'attendee', created_at: now })),
  );
  await insertChunks(
    db,
    'registrants',
    emails.map((email, i) => ({
      conference_id: cid,
      user_id: idOf.get(email),
      version: 'default',
      seq: 100_000 + i,
      code: `HB-${tag}-${i}`,
      email,
      full_name: `付款人${i}`,
      country: 'China',
      answers: '{}',
      created_at: now,
      updated_at: now,
    })),
  );
  const orders = emails.map((email, i) => ({
    conference_id: cid,
    user_id: idOf.get(email),
    order_no: `OHB${tag}${i}`.toUpperCase(),
    type: 'register',
    reference: referenceOf(i + 1),
    currency: 'CNY',
    total_amount: 120_000,
    paid_amount: 0,
    status: 'unpaid',
    open_slot: 'register',
    lang: 'zh',
    deadline_at: deadline,
    remark: null,
    created_at: now,
    updated_at: now,
  }));
  await insertChunks(db, 'orders', orders);
  const rows = (await db('orders')
    .where({ conference_id: cid })
    .whereIn(
      'reference',
      orders.map((o) => o.reference),
    )
    .select('id')) as Array<{ id: number }>;
  await insertChunks(
    db,
    'order_items',
    rows.map((o) => ({
      conference_id: cid,
      order_id: Number(o.id),
      kind: 'register',
      ref_id: null,
      title_zh: '注册费',
      title_en: 'Registration fee',
      unit_amount: 120_000,
      quantity: 1,
      price_version: 0,
      valid: true,
    })),
  );
  return orders.map((o) => ({ reference: o.reference, amount: o.total_amount }));
}

export const STATEMENT_MAPPING = { date: '交易日期', amount: '贷方金额', text: '摘要', payer: '对方户名' };

/**
 * A bank's CSV export of `rows` credits for these orders, as a Chinese bank writes them (with its
 * serial numbers, accounts and balances, which the mapping leaves aside: about 0.8 MB for 5,000
 * rows, the file): most pay one order in full; one in fifty names a reference nobody has,
 * one in fifty pays less than owed (both are queued for a person), one in a hundred is a bank
 * charge (a debit, skipped).
 */
export function statementCsv(orders: SeededOrder[], rows: number): string {
  const quote = (c: string) => `"${c.replace(/"/g, '""')}"`;
  const lines = ['交易流水号,交易日期,贷方金额,摘要,对方户名,对方账号,余额'];
  for (let i = 0; i < rows; i++) {
    const o = orders[i % orders.length];
    const day = `2026-11-${String(1 + (i % 28)).padStart(2, '0')}`;
    const yuan = (minor: number) => (minor / 100).toFixed(2);
    let row: string[];
    if (i % 100 === 99) row = [day, '-20.00', '手续费 bank charge', ''];
    else if (i % 50 === 7) row = [day, yuan(o.amount), `会议注册费 CPZZZZZZZ${i % 10} 张伟 Zhang Wei`, '张伟'];
    else if (i % 50 === 13) row = [day, yuan(o.amount - 10_000), `注册费 ${o.reference} Li Na`, '李娜'];
    else
      row = [
        day,
        yuan(o.amount),
        `${i % 3 === 0 ? o.reference.toLowerCase() : o.reference} 2026国际交叉科学学术会议注册费 Registration fee`,
        i % 2 ? '北京某某科技有限公司' : 'Wei Zhang',
      ];
    const serial = `2026110${String(i).padStart(7, '0')}8801`;
    const account = `6222${String(1_000_000_000 + i * 7919).padStart(12, '0')}`;
    lines.push([serial, ...row, account, yuan(50_000_000 + i * 120_000)].map(quote).join(','));
  }
  return lines.join('\r\n');
}
