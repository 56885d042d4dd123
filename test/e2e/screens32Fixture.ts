/**
 * The issue-32 screens test's fixture (screens32.test.ts): its four language and device
 * combinations and their people, the catalogs' words, and the demo conference seeded for them.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../server/db/index';
import { insertId, toDbInstant } from '../../server/db/dialect';
import { ensureUser, grantRole } from '../../server/modules/accounts/service';

export type Lang = 'zh' | 'en';
export const COMBOS = [
  ['zh', false],
  ['en', false],
  ['zh', true],
  ['en', true],
] as const;
export const comboName = (lang: Lang, mobile: boolean) =>
  `${lang}-${mobile ? 'phone' : 'desktop'}` as keyof typeof PEOPLE;

/** A button's name: antd spaces out a two-character Chinese label ("保 存"), so any spacing between characters. */
/** `whole`: false for a button whose name also holds its icon's ("plus 我要投稿"). */
export const named = (label: string, whole = true) => {
  const chars = [...label].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s*');
  return new RegExp(whole ? `^${chars}$` : chars);
};

/** A text of the catalogs, by namespace and dotted key, to compare with what the screen shows. */
export const catalogs = new Map<string, Record<string, unknown>>();
export function text(lang: Lang, key: string, params: Record<string, string | number> = {}): string {
  const [ns, rest] = key.split(':');
  const file = path.resolve(import.meta.dirname, `../../public/locales/${lang}/${ns}.json`);
  if (!catalogs.has(file)) catalogs.set(file, JSON.parse(fs.readFileSync(file, 'utf8')));
  const found = rest.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], catalogs.get(file));
  assert.equal(typeof found, 'string', `${lang} ${key}`);
  return (found as string).replace(/\{\{(\w+)\}\}/g, (_, p: string) => String(params[p]));
}

export const PEOPLE = {
  'zh-desktop': { email: 'zh-d32@example.org', name: '王小明', seq: 9331 },
  'en-desktop': { email: 'en-d32@example.org', name: 'Alice Wang', seq: 9332 },
  'zh-phone': { email: 'zh-p32@example.org', name: '李娜', seq: 9333 },
  'en-phone': { email: 'en-p32@example.org', name: 'Bob Smith', seq: 9334 },
} as const;
export const UNIT = '中国科学院物理研究所';
export const PHONE_NO = '13900139000';
export const CODE = 'GALA2026';
export const BANK = {
  accountName: '中国科学院某研究所',
  account: '6222 0000 1111 2222',
  bankName: '中国银行北京分行',
  accountNameEn: 'Institute of Physics CAS',
  bankNameEn: 'Bank of China Beijing Branch',
  swift: 'BKCHCNBJ110',
  iban: 'GB82WEST12345698765432',
};
export const MAPPING = { date: '交易日期', amount: '贷方发生额', text: '摘要', payer: '对方户名' };

/**
 * The demo conference as the screens need it: a registration fee and a gala dinner behind CODE,
 * bank and postal transfer with BANK's details, a saved statement mapping, the PEOPLE registered
 * and a manager; answers its id.
 */
export async function seedScreens32(db: Db, password: string): Promise<number> {
  const cid = Number((await db('conferences').where({ slug: 'demo' }).first())!.id);
  await db('registration_settings').where({ conference_id: cid }).update({ costs_set: true });
  const now = toDbInstant();
  const category = await insertId(
    db('fee_categories').insert({
      conference_id: cid,
      kind: 'register',
      name_zh: '普通',
      name_en: 'Regular',
      max_total: 100,
      created_at: now,
      updated_at: now,
    }),
  );
  const fee = (kind: 'register' | 'optional', zh: string, en: string, price: number, code = '') => ({
    conference_id: cid,
    kind,
    category: kind === 'register' ? '普通' : '',
    category_id: kind === 'register' ? category : null,
    title_zh: zh,
    title_en: en,
    description_zh: `${zh}说明`,
    description_en: `About the ${en.toLowerCase()}`,
    price_amount: price,
    currency: 'CNY',
    display_currency: 'CNY',
    display_price_amount: price,
    open_date: '2020-01-01',
    deadline: '2099-12-31',
    open: true,
    user_scope: 'all',
    lang_scope: 'all',
    invitation_code: code,
    max_total: 100,
    max_per_account: 1,
    price_version: 0,
    sort: 0,
    created_at: now,
    updated_at: now,
  });
  await db('fee_items').insert([
    fee('register', '注册费', 'Registration', 100_000),
    fee('optional', '嘉宾晚宴', 'Gala dinner', 30_000, CODE),
  ]);
  for (const table of ['payment_methods', 'payment_settings', 'statement_mappings'])
    await db(table).where({ conference_id: cid }).delete();
  await db('payment_settings').insert({
    conference_id: cid,
    general_methods: JSON.stringify(['bankRemit', 'postalRemit']),
    hotel_separate: false,
    hotel_methods: '[]',
    combined_allowed: true,
    updated_at: now,
  });
  await db('payment_methods').insert([
    {
      conference_id: cid,
      method: 'bankRemit',
      title_zh: '银行汇款',
      title_en: 'Bank transfer',
      note_zh: '请在汇款附言中写明识别码',
      note_en: 'Write the reference on the transfer',
      fields: JSON.stringify(BANK),
      secrets: null,
      updated_at: now,
    },
    {
      conference_id: cid,
      method: 'postalRemit',
      title_zh: '邮局汇款',
      title_en: 'Postal order',
      note_zh: '',
      note_en: '',
      fields: JSON.stringify({ payeeName: '会务组', address: '北京市海淀区中关村南三街8号' }),
      secrets: null,
      updated_at: now,
    },
  ]);
  await db('statement_mappings').insert({ conference_id: cid, mapping: JSON.stringify(MAPPING), updated_at: now });
  for (const { email, name, seq } of Object.values(PEOPLE)) {
    const { id } = await ensureUser(db, { email, trueName: name, password });
    await grantRole(db, cid, id, 'attendee');
    await db('registrants').insert({
      conference_id: cid,
      user_id: id,
      version: 'default',
      seq,
      code: `S32-${seq}`,
      email,
      full_name: name,
      phone: PHONE_NO,
      unit: UNIT,
      country: 'China',
      answers: '{}',
      created_at: now,
      updated_at: now,
    });
  }
  const boss = await ensureUser(db, { email: 'boss-s32@example.org', trueName: 'Boss', password });
  await grantRole(db, cid, boss.id, 'manager');
  return cid;
}
