/**
 * Money (DESIGN.md 3): an integer amount of the currency's minor unit (fen, cent; the yen itself)
 * plus its ISO 4217 code. Shared by the server and the islands, so no Node imports here.
 *
 * No float ever holds money: a decimal typed in a form is split at its point as a string and
 * padded to the currency's exponent ("100.5" CNY → 10050), never multiplied by 100 (0.29 * 100
 * is 28.999999999999996). Sums and products are integer arithmetic, checked against
 * Number.MAX_SAFE_INTEGER; amounts of two currencies are never added or compared.
 */
import { z } from 'zod';
import type { Lang } from './enums';

export type Money = { readonly amount: number; readonly currency: string };

/**
 * ISO 4217 exponents of the common currencies. They are listed because the browsers' CLDR data
 * differs from ISO for some (IDR, HUF, COP: CLDR shows 0 digits, payment providers charge in
 * hundredths); other codes fall back to what Intl shows.
 */
const EXPONENTS: Readonly<Record<string, number>> = {
  CNY: 2,
  USD: 2,
  EUR: 2,
  GBP: 2,
  HKD: 2,
  MOP: 2,
  TWD: 2,
  SGD: 2,
  AUD: 2,
  CAD: 2,
  NZD: 2,
  CHF: 2,
  SEK: 2,
  NOK: 2,
  DKK: 2,
  PLN: 2,
  CZK: 2,
  HUF: 2,
  RUB: 2,
  INR: 2,
  IDR: 2,
  MYR: 2,
  THB: 2,
  PHP: 2,
  BRL: 2,
  MXN: 2,
  COP: 2,
  ZAR: 2,
  TRY: 2,
  AED: 2,
  SAR: 2,
  ILS: 2,
  EGP: 2,
  JPY: 0,
  KRW: 0,
  VND: 0,
  CLP: 0,
  ISK: 0,
  PYG: 0,
  UGX: 0,
  XAF: 0,
  XOF: 0,
  BHD: 3,
  KWD: 3,
  OMR: 3,
  JOD: 3,
  TND: 3,
  LYD: 3,
  IQD: 3,
};

const CODE = /^[A-Z]{3}$/;

/** Error keys (catalog common.json, object "money"), for forms and for the callers' AppErrors. */
export const MONEY_ERRORS = {
  required: 'money.required',
  format: 'money.format',
  negative: 'money.negative',
  wholeOnly: 'money.wholeOnly',
  tooManyDecimals: 'money.tooManyDecimals',
  tooLarge: 'money.tooLarge',
  tooSmall: 'money.tooSmall',
  currency: 'money.currency',
  currencyMismatch: 'money.currencyMismatch',
} as const;
export type MoneyErrorKey = (typeof MONEY_ERRORS)[keyof typeof MONEY_ERRORS];

/**
 * A programming or data error in money arithmetic (two currencies mixed, a result past the safe
 * integers, an amount that is not an integer). `key` is translated, so a caller whose input came
 * from a client turns it into `new AppError(400, err.key)`.
 */
export class MoneyError extends Error {
  constructor(
    readonly key: MoneyErrorKey,
    detail: string,
  ) {
    super(`${key}: ${detail}`);
    this.name = 'MoneyError';
  }
}

function supported(): ReadonlySet<string> | null {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'currency') => string[] };
  return typeof intl.supportedValuesOf === 'function' ? new Set(intl.supportedValuesOf('currency')) : null;
}
let known: ReadonlySet<string> | null | undefined;

/** A well-formed ISO 4217 code that this runtime knows (or that the table above lists). */
export function isCurrency(code: string): boolean {
  if (!CODE.test(code)) return false;
  if (code in EXPONENTS) return true;
  if (known === undefined) known = supported();
  return known ? known.has(code) : true;
}

/** How many decimal digits the currency's minor unit has: CNY 2, JPY 0, BHD 3. */
export function currencyExponent(currency: string): number {
  if (!isCurrency(currency)) throw new MoneyError(MONEY_ERRORS.currency, currency);
  return (
    EXPONENTS[currency] ??
    new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
    2
  );
}

function checkAmount(amount: number, what: string): number {
  if (!Number.isSafeInteger(amount))
    throw new MoneyError(MONEY_ERRORS.tooLarge, `${what} ${amount} is not a safe integer of minor units`);
  return amount;
}

/** A money value from an amount already in minor units (a database column, an API number). */
export function money(amount: number, currency: string): Money {
  currencyExponent(currency);
  return { amount: checkAmount(amount, 'amount'), currency };
}

/**
 * A money value from a database column of minor units. Drivers hand bigint columns and SUMs back
 * as numbers (SQLite) or decimal strings (mysql2); both are read here, and anything that is not an
 * exact integer (a fraction, text, a number past the safe integers) is refused, never rounded.
 */
export function moneyFromColumn(value: number | string | bigint, currency: string): Money {
  const amount =
    typeof value === 'number'
      ? value
      : typeof value === 'bigint'
        ? Number(value)
        : /^-?\d+$/.test(value.trim())
          ? Number(value)
          : NaN;
  if (!Number.isInteger(amount))
    throw new MoneyError(MONEY_ERRORS.format, `column value ${String(value)} is not a whole number of minor units`);
  return money(amount, currency);
}

export type ParsedAmount = { ok: true; money: Money } | { ok: false; key: MoneyErrorKey };

/**
 * Reads an amount typed in a form: digits with at most one decimal point ("100", "100.5",
 * "0.05", ".5", "100."). Refused: blank, a sign, thousands separators or spaces ("1,000" is
 * refused always, never read as one thousand or as one), exponents, more decimals than the
 * currency has unless they are zeros ("100.500" is 100.50 CNY; "100.505" needs rounding and is
 * refused), amounts past Number.MAX_SAFE_INTEGER minor units.
 */
export function parseAmount(text: string, currency: string): ParsedAmount {
  if (!isCurrency(currency)) return { ok: false, key: MONEY_ERRORS.currency };
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, key: MONEY_ERRORS.required };
  if (/^-\s*[\d.]/.test(trimmed)) return { ok: false, key: MONEY_ERRORS.negative };
  const match = /^(\d*)(?:\.(\d*))?$/.exec(trimmed);
  if (!match || (match[1] === '' && !match[2])) return { ok: false, key: MONEY_ERRORS.format };
  const exponent = currencyExponent(currency);
  const whole = match[1];
  const fraction = match[2] ?? '';
  const kept = fraction.slice(0, exponent);
  if (/[1-9]/.test(fraction.slice(exponent)))
    return { ok: false, key: exponent === 0 ? MONEY_ERRORS.wholeOnly : MONEY_ERRORS.tooManyDecimals };
  const digits = (whole + kept.padEnd(exponent, '0')).replace(/^0+(?=\d)/, '') || '0';
  // Compared as BigInt: a long digit string read as a Number would already be rounded.
  if (digits.length > 16 || BigInt(digits) > BigInt(Number.MAX_SAFE_INTEGER))
    return { ok: false, key: MONEY_ERRORS.tooLarge };
  return { ok: true, money: { amount: Number(digits), currency } };
}

/** The amount as a plain decimal string with the currency's digits ("100.50", JPY "100"): form values, CSV. */
export function toDecimalString(m: Money): string {
  const exponent = currencyExponent(m.currency);
  checkAmount(m.amount, 'amount');
  const sign = m.amount < 0 ? '-' : '';
  const digits = String(Math.abs(m.amount)).padStart(exponent + 1, '0');
  if (exponent === 0) return sign + digits;
  return `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

const LOCALES: Record<Lang, string> = { zh: 'zh-CN', en: 'en-US' };

/**
 * The amount for people: ¥100.50 in Chinese, CN¥100.50 in English, JPY without decimals.
 * Intl is given the decimal string, which it reads exactly (Intl.NumberFormat v3); an older
 * engine reads it as a number, exact for display up to 15 significant digits.
 */
export function formatMoney(m: Money, lang: Lang): string {
  const exponent = currencyExponent(m.currency);
  const format = new Intl.NumberFormat(LOCALES[lang] ?? LOCALES.en, {
    style: 'currency',
    currency: m.currency,
    minimumFractionDigits: exponent,
    maximumFractionDigits: exponent,
  });
  return format.format(toDecimalString(m) as Intl.StringNumericLiteral);
}

function sameCurrency(a: Money, b: Money): void {
  if (a.currency !== b.currency) throw new MoneyError(MONEY_ERRORS.currencyMismatch, `${a.currency} and ${b.currency}`);
}

export function addMoney(a: Money, b: Money): Money {
  sameCurrency(a, b);
  return { amount: checkAmount(a.amount + b.amount, 'sum'), currency: a.currency };
}

export function subtractMoney(a: Money, b: Money): Money {
  sameCurrency(a, b);
  return { amount: checkAmount(a.amount - b.amount, 'difference'), currency: a.currency };
}

/** The sum of a list, all in `currency` (the currency is given so that an empty list has one). */
export function sumMoney(items: readonly Money[], currency: string): Money {
  return items.reduce((total, m) => addMoney(total, m), money(0, currency));
}

/** A unit price times a quantity (a whole number of items, nights, people). */
export function multiplyMoney(m: Money, quantity: number): Money {
  if (!Number.isSafeInteger(quantity) || quantity < 0)
    throw new MoneyError(MONEY_ERRORS.format, `quantity ${quantity}`);
  return { amount: checkAmount(m.amount * quantity, 'product'), currency: m.currency };
}

/** -1, 0 or 1; amounts of two currencies are not comparable. */
export function compareMoney(a: Money, b: Money): -1 | 0 | 1 {
  sameCurrency(a, b);
  return a.amount < b.amount ? -1 : a.amount > b.amount ? 1 : 0;
}

export function equalMoney(a: Money, b: Money): boolean {
  return a.currency === b.currency && a.amount === b.amount;
}

// ── zod ───────────────────────────────────────────────────────────────────────────────────

export const currencyField = z
  .string({ message: MONEY_ERRORS.currency })
  .trim()
  .toUpperCase()
  .refine(isCurrency, MONEY_ERRORS.currency);

/** A non-negative amount in minor units as the API carries it (an integer, never a decimal). */
export const minorAmountField = z
  .number({ message: MONEY_ERRORS.format })
  .int(MONEY_ERRORS.format)
  .min(0, MONEY_ERRORS.negative)
  .max(Number.MAX_SAFE_INTEGER, MONEY_ERRORS.tooLarge);

/** A money value as the API carries it: `{ amount: minor units, currency }`. */
export const moneySchema = z.object({ amount: minorAmountField, currency: currencyField });

export type MoneyFieldOptions = {
  /** the smallest amount allowed, in minor units (default 0; 1 for "must not be free") */
  min?: number;
  /** the largest amount allowed, in minor units */
  max?: number;
};

/**
 * A decimal string typed in a form, read as money of `currency`:
 * `z.object({ price: moneyField('CNY') })` turns `{ price: '100.5' }` into `{ amount: 10050, currency: 'CNY' }`.
 */
export function moneyField(currency: string, options: MoneyFieldOptions = {}) {
  return z.string({ message: MONEY_ERRORS.required }).transform((text, ctx): Money => {
    const parsed = parseAmount(text, currency);
    const fail = (message: MoneyErrorKey) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (!parsed.ok) return fail(parsed.key);
    if (parsed.money.amount < (options.min ?? 0)) return fail(MONEY_ERRORS.tooSmall);
    if (options.max !== undefined && parsed.money.amount > options.max) return fail(MONEY_ERRORS.tooLarge);
    return parsed.money;
  });
}
