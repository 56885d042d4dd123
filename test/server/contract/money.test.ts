/**
 * Money (server/contract/money.ts): decimals typed in forms become exact minor units, amounts
 * that would need rounding or do not fit are refused with a translated key, formatting follows
 * the language and the currency, and arithmetic never mixes currencies or leaves the safe integers.
 */
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import {
  addMoney,
  compareMoney,
  currencyExponent,
  equalMoney,
  formatMoney,
  isCurrency,
  money,
  moneyFromColumn,
  MoneyError,
  moneyField,
  moneySchema,
  multiplyMoney,
  parseAmount,
  subtractMoney,
  sumMoney,
  toDecimalString,
} from '../../../server/contract/money';
import { parseInput } from '../../../server/platform/validate';
import { t } from '../../../server/platform/i18n';

const amountOf = (text: string, currency = 'CNY') => {
  const parsed = parseAmount(text, currency);
  return parsed.ok ? parsed.money.amount : parsed.key;
};

describe('exponents', () => {
  test('the table: CNY/USD/EUR 2, JPY/KRW 0, BHD/KWD 3; others from Intl', () => {
    expect(['CNY', 'USD', 'EUR', 'GBP', 'HKD'].map(currencyExponent)).toEqual([2, 2, 2, 2, 2]);
    expect(['JPY', 'KRW', 'BHD', 'KWD'].map(currencyExponent)).toEqual([0, 0, 3, 3]);
    // Not in the table: what Intl shows (the Mauritanian ouguiya and the Cape Verde escudo).
    expect(currencyExponent('MRU')).toBe(2);
    expect(currencyExponent('CVE')).toBe(2);
  });

  test('unknown or malformed codes are refused', () => {
    expect(isCurrency('CNY')).toBe(true);
    expect(isCurrency('cny')).toBe(false);
    expect(isCurrency('XYZ')).toBe(false);
    expect(isCurrency('RMB')).toBe(false);
    expect(() => currencyExponent('XYZ')).toThrow(MoneyError);
  });
});

describe('parsing decimals from forms', () => {
  test('"100.5" is 10050 fen; whole, padded and bare-point forms', () => {
    expect(amountOf('100.5')).toBe(10050);
    expect(amountOf('100')).toBe(10000);
    expect(amountOf(' 100.50 ')).toBe(10050);
    expect(amountOf('0.05')).toBe(5);
    expect(amountOf('.5')).toBe(50);
    expect(amountOf('100.')).toBe(10000);
    expect(amountOf('007.10')).toBe(710);
    expect(amountOf('0')).toBe(0);
  });

  test('exact where floats are not: 0.29, 1.005, 19.99', () => {
    // parseFloat('0.29') * 100 is 28.999999999999996, 1.005 * 100 is 100.49999999999999.
    expect(amountOf('0.29')).toBe(29);
    expect(amountOf('19.99')).toBe(1999);
    expect(amountOf('1.005', 'BHD')).toBe(1005);
  });

  test('more decimals than the currency has: refused unless they are zeros (no rounding)', () => {
    expect(amountOf('100.505')).toBe('money.tooManyDecimals');
    expect(amountOf('0.001')).toBe('money.tooManyDecimals');
    expect(amountOf('100.500')).toBe(10050);
    expect(amountOf('100', 'JPY')).toBe(100);
    expect(amountOf('100.0', 'JPY')).toBe(100);
    expect(amountOf('100.5', 'JPY')).toBe('money.wholeOnly');
    expect(amountOf('1.234', 'KWD')).toBe(1234);
    expect(amountOf('1.2345', 'KWD')).toBe('money.tooManyDecimals');
  });

  test('blank, signs, separators, exponents and words are refused', () => {
    expect(amountOf('')).toBe('money.required');
    expect(amountOf('   ')).toBe('money.required');
    expect(amountOf('-5')).toBe('money.negative');
    expect(amountOf('-0.5')).toBe('money.negative');
    expect(amountOf('- 5')).toBe('money.negative');
    for (const bad of [
      '+5',
      '1,000',
      '1,5',
      '1 000',
      '1e3',
      'NaN',
      'Infinity',
      '.',
      '1.2.3',
      '０',
      '¥100',
      '0x10',
      '5-',
    ]) {
      expect(amountOf(bad), bad).toBe('money.format');
    }
  });

  test('up to Number.MAX_SAFE_INTEGER minor units, not one more', () => {
    expect(amountOf('90071992547409.91')).toBe(Number.MAX_SAFE_INTEGER);
    expect(amountOf('90071992547409.92')).toBe('money.tooLarge');
    expect(amountOf('9007199254740991', 'JPY')).toBe(Number.MAX_SAFE_INTEGER);
    expect(amountOf('9007199254740992', 'JPY')).toBe('money.tooLarge');
    expect(amountOf('1'.repeat(400))).toBe('money.tooLarge');
    expect(amountOf('0000000000000000000000001.00')).toBe(100);
  });

  test('an unknown currency is refused', () => {
    expect(amountOf('1', 'XYZ')).toBe('money.currency');
  });
});

describe('zod', () => {
  const form = z.object({ price: moneyField('CNY'), deposit: moneyField('CNY', { min: 1, max: 100_00 }).optional() });

  test('moneyField turns the string into money; refusals carry the key and the field', () => {
    expect(form.parse({ price: '100.5' })).toEqual({ price: { amount: 10050, currency: 'CNY' } });
    expect(() => parseInput(form, { price: '1,000' })).toThrow(
      expect.objectContaining({ messageKey: 'money.format', field: 'price' }),
    );
    expect(() => parseInput(form, { price: 100.5 })).toThrow(
      expect.objectContaining({ messageKey: 'money.required', field: 'price' }),
    );
    expect(() => parseInput(form, { price: '1', deposit: '0' })).toThrow(
      expect.objectContaining({ messageKey: 'money.tooSmall', field: 'deposit' }),
    );
    expect(() => parseInput(form, { price: '1', deposit: '100.01' })).toThrow(
      expect.objectContaining({ messageKey: 'money.tooLarge', field: 'deposit' }),
    );
  });

  test('moneySchema takes integer minor units and a known currency', () => {
    expect(moneySchema.parse({ amount: 10050, currency: 'cny' })).toEqual({ amount: 10050, currency: 'CNY' });
    for (const bad of [
      { amount: 100.5, currency: 'CNY' },
      { amount: -1, currency: 'CNY' },
      { amount: 2 ** 53, currency: 'CNY' },
      { amount: 1, currency: 'XYZ' },
    ]) {
      expect(moneySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  test('every key is in both catalogs', () => {
    for (const key of [
      'required',
      'format',
      'negative',
      'wholeOnly',
      'tooManyDecimals',
      'tooLarge',
      'tooSmall',
      'currency',
      'currencyMismatch',
    ]) {
      expect(t('zh', `money.${key}`)).not.toBe(`money.${key}`);
      expect(t('en', `money.${key}`)).not.toBe(`money.${key}`);
    }
  });
});

describe('formatting', () => {
  test('per language and currency', () => {
    expect(formatMoney(money(10050, 'CNY'), 'zh')).toBe('¥100.50');
    expect(formatMoney(money(10050, 'CNY'), 'en')).toBe('CN¥100.50');
    expect(formatMoney(money(123456789, 'USD'), 'en')).toBe('$1,234,567.89');
    expect(formatMoney(money(100, 'JPY'), 'en')).toBe('¥100');
    expect(formatMoney(money(100, 'JPY'), 'zh')).toBe('JP¥100');
    expect(formatMoney(money(1005, 'BHD'), 'en')).toMatch(/1\.005$/);
    expect(formatMoney(money(5, 'CNY'), 'zh')).toBe('¥0.05');
  });

  test('exact at the largest amount', () => {
    expect(formatMoney(money(Number.MAX_SAFE_INTEGER, 'CNY'), 'en')).toBe('CN¥90,071,992,547,409.91');
  });

  test('the decimal string round-trips through the parser', () => {
    for (const m of [
      money(0, 'CNY'),
      money(5, 'CNY'),
      money(10050, 'CNY'),
      money(7, 'JPY'),
      money(1, 'KWD'),
      money(Number.MAX_SAFE_INTEGER, 'EUR'),
    ]) {
      const text = toDecimalString(m);
      expect(parseAmount(text, m.currency), text).toEqual({ ok: true, money: m });
    }
    expect(toDecimalString(money(-5, 'CNY'))).toBe('-0.05');
  });
});

describe('arithmetic', () => {
  const cny = (amount: number) => money(amount, 'CNY');

  test('0.1 + 0.2 is 0.30, 19.99 * 3 is 59.97', () => {
    expect(addMoney(cny(10), cny(20))).toEqual(cny(30));
    expect(multiplyMoney(cny(1999), 3)).toEqual(cny(5997));
    expect(sumMoney([cny(10), cny(20), cny(1999)], 'CNY')).toEqual(cny(2029));
    expect(sumMoney([], 'JPY')).toEqual(money(0, 'JPY'));
    expect(subtractMoney(cny(10), cny(30))).toEqual(cny(-20));
  });

  test('mixed currencies are refused with a typed error', () => {
    const mixed = () => addMoney(cny(1), money(1, 'USD'));
    expect(mixed).toThrow(MoneyError);
    expect(mixed).toThrow(expect.objectContaining({ key: 'money.currencyMismatch' }));
    expect(() => sumMoney([cny(1), money(1, 'JPY')], 'CNY')).toThrow(MoneyError);
    expect(() => sumMoney([cny(1)], 'USD')).toThrow(MoneyError);
    expect(() => compareMoney(cny(1), money(1, 'USD'))).toThrow(MoneyError);
    expect(equalMoney(cny(1), money(1, 'USD'))).toBe(false);
  });

  test('results past the safe integers, fractional or negative quantities are refused', () => {
    expect(() => addMoney(cny(Number.MAX_SAFE_INTEGER), cny(1))).toThrow(
      expect.objectContaining({ key: 'money.tooLarge' }),
    );
    expect(() => multiplyMoney(cny(2 ** 30), 2 ** 30)).toThrow(expect.objectContaining({ key: 'money.tooLarge' }));
    expect(() => multiplyMoney(cny(100), 1.5)).toThrow(MoneyError);
    expect(() => multiplyMoney(cny(100), -1)).toThrow(MoneyError);
    expect(() => money(100.5, 'CNY')).toThrow(MoneyError);
    expect(() => money(Number.NaN, 'CNY')).toThrow(MoneyError);
  });

  test('comparison', () => {
    expect(compareMoney(cny(1), cny(2))).toBe(-1);
    expect(compareMoney(cny(2), cny(2))).toBe(0);
    expect(compareMoney(cny(3), cny(2))).toBe(1);
    expect(equalMoney(cny(2), cny(2))).toBe(true);
  });
});

describe('reading a column of minor units', () => {
  test('numbers (SQLite), decimal strings (mysql2 SUMs and bigints) and bigints are read exactly', () => {
    expect(moneyFromColumn(10050, 'CNY')).toEqual({ amount: 10050, currency: 'CNY' });
    expect(moneyFromColumn('10000000000', 'CNY')).toEqual({ amount: 10_000_000_000, currency: 'CNY' });
    expect(moneyFromColumn(' 1 ', 'JPY')).toEqual({ amount: 1, currency: 'JPY' });
    expect(moneyFromColumn(-5n, 'USD')).toEqual({ amount: -5, currency: 'USD' });
  });

  test('a fraction, text or a number past the safe integers is refused, never rounded', () => {
    for (const bad of [1.5, '1.50', '12abc', '', 'NaN', Number.NaN])
      expect(() => moneyFromColumn(bad, 'CNY')).toThrow(MoneyError);
    expect(() => moneyFromColumn('9007199254740993', 'CNY')).toThrow(MoneyError);
    expect(() => moneyFromColumn(2n ** 60n, 'CNY')).toThrow(MoneyError);
    expect(() => moneyFromColumn(1, 'XYZ1')).toThrow(MoneyError);
  });
});
