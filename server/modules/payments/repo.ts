/** The payments feature's tables: payment_settings and payment_methods. Every query by conference first. */
import type { Db, Tx } from '../../db/index';
import { parseJson, toDbInstant } from '../../db/dialect';
import { PAYMENT_METHODS, type PaymentMethod } from '../../contract/payments';

type Conn = Db | Tx;

export type SettingsRow = {
  conference_id: number;
  general_methods: string;
  hotel_separate: number | boolean;
  hotel_methods: string;
  combined_allowed: number | boolean;
  updated_at: string;
};
export type MethodRow = {
  conference_id: number;
  method: string;
  title_zh: string;
  title_en: string;
  note_zh: string | null;
  note_en: string | null;
  fields: string;
  secrets: string | null;
  updated_at: string;
};

export type Settings = {
  generalMethods: PaymentMethod[];
  hotelSeparate: boolean;
  hotelMethods: PaymentMethod[];
  combinedAllowed: boolean;
};

/** A method as stored: public fields parsed, secrets still sealed. */
export type StoredMethod = {
  method: PaymentMethod;
  titleZh: string;
  titleEn: string;
  noteZh: string;
  noteEn: string;
  fields: Record<string, string>;
  sealedSecrets: string | null;
};

const methodsOf = (json: string): PaymentMethod[] =>
  parseJson<string[]>(json, []).filter((m): m is PaymentMethod => (PAYMENT_METHODS as readonly string[]).includes(m));

export const NO_SETTINGS: Settings = {
  generalMethods: [],
  hotelSeparate: false,
  hotelMethods: [],
  combinedAllowed: false,
};

export async function findSettings(db: Conn, conferenceId: number): Promise<Settings> {
  const row = await db<SettingsRow>('payment_settings').where({ conference_id: conferenceId }).first();
  if (!row) return NO_SETTINGS;
  return {
    generalMethods: methodsOf(row.general_methods),
    hotelSeparate: Boolean(row.hotel_separate),
    hotelMethods: methodsOf(row.hotel_methods),
    combinedAllowed: Boolean(row.combined_allowed),
  };
}

export async function writeSettings(tx: Tx, conferenceId: number, s: Settings): Promise<void> {
  const values = {
    general_methods: JSON.stringify(s.generalMethods),
    hotel_separate: s.hotelSeparate,
    hotel_methods: JSON.stringify(s.hotelMethods),
    combined_allowed: s.combinedAllowed,
    updated_at: toDbInstant(),
  };
  await tx('payment_settings')
    .insert({ conference_id: conferenceId, ...values })
    .onConflict('conference_id')
    .merge(values);
}

const present = (r: MethodRow): StoredMethod => ({
  method: r.method as PaymentMethod,
  titleZh: r.title_zh,
  titleEn: r.title_en,
  noteZh: r.note_zh ?? '',
  noteEn: r.note_en ?? '',
  fields: parseJson<Record<string, string>>(r.fields, {}),
  sealedSecrets: r.secrets,
});

export async function findMethods(db: Conn, conferenceId: number): Promise<Map<PaymentMethod, StoredMethod>> {
  const rows = (await db<MethodRow>('payment_methods').where({ conference_id: conferenceId })) as MethodRow[];
  return new Map(
    rows
      .filter((r) => (PAYMENT_METHODS as readonly string[]).includes(r.method))
      .map((r) => [r.method as PaymentMethod, present(r)]),
  );
}

export async function findMethod(db: Conn, conferenceId: number, method: PaymentMethod): Promise<StoredMethod | null> {
  const row = await db<MethodRow>('payment_methods').where({ conference_id: conferenceId, method }).first();
  return row ? present(row) : null;
}

export async function writeMethod(tx: Tx, conferenceId: number, m: StoredMethod): Promise<void> {
  const values = {
    title_zh: m.titleZh,
    title_en: m.titleEn,
    note_zh: m.noteZh,
    note_en: m.noteEn,
    fields: JSON.stringify(m.fields),
    secrets: m.sealedSecrets,
    updated_at: toDbInstant(),
  };
  await tx('payment_methods')
    .insert({ conference_id: conferenceId, method: m.method, ...values })
    .onConflict(['conference_id', 'method'])
    .merge(values);
}
