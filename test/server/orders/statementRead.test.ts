/**
 * The statement's reading, the pool's task 'orders.readStatement' (issue 30), called directly: a
 * pure function of plain data whose answer crosses a thread (structured clone), that returns a
 * refusal's message key rather than throwing it, and hashes the rows as the import did before.
 */
import { expect, test } from 'vitest';
import { tasks } from '../../../server/modules/orders/tasks';
import {
  MAX_STATEMENT_ROWS,
  readStatement,
  type ReadStatementOutput,
} from '../../../server/modules/orders/statementRead';

const mapping = { date: 'Date', amount: 'Credit', text: 'Memo', payer: 'Payer' };
const file = (rows: string[][]) =>
  ['Date,Credit,Memo,Payer', ...rows.map((r) => r.map((c) => `"${c}"`).join(','))].join('\r\n');
const read = (csv: string, more: Partial<{ mapping: object; currency: string; conferenceId: number }> = {}) =>
  readStatement({ conferenceId: 7, csv, mapping, currency: 'CNY', ...more } as Parameters<typeof readStatement>[0]);

test('the task is declared under its name, and its answer is plain data', () => {
  expect(tasks['orders.readStatement']).toBe(readStatement);
  const out = read(file([['2026-11-20', '1200.00', 'fee CPABCDEFGH', 'Zhang']]));
  expect(structuredClone(out)).toEqual(out);
});

test('rows read: credits hashed with their references, debits and blanks skipped, unreadable amounts and foreign currencies kept', () => {
  const out = read(
    file([
      ['2026-11-20', '1,200.00', 'fee cpabcdefgh', 'Zhang'],
      ['2026-11-20', '-20.00', 'charge', ''],
      ['2026-11-21', 'RMB 100', 'fee CPABCDEFGH', 'Li'],
      ['2026-11-20', '1,200.00', 'fee cpabcdefgh', 'Zhang'],
    ]),
  );
  if ('error' in out) throw new Error(out.error);
  expect(out.records).toBe(4);
  // Every row has its line: the debit is listed as skipped (issue 32), not dropped.
  expect(out.lines.map((l) => l.line)).toEqual([2, 3, 4, 5]);
  expect(out.lines[1]).toEqual({ line: 3, kind: 'skipped', reason: 'debit' });
  const [first, unreadable, again] = out.lines.filter((l) => l.kind === 'settle') as Array<
    Extract<(typeof out.lines)[number], { kind: 'settle' }>
  >;
  expect(first).toMatchObject({
    kind: 'settle',
    currency: 'CNY',
    amount: { amount: 120000, currency: 'CNY' },
    unreadable: null,
    references: ['CPABCDEFGH'],
    bookedOn: '2026-11-20',
    payer: 'Zhang',
  });
  expect(unreadable).toMatchObject({ amount: null, unreadable: 'amountUnreadable', amountText: 'RMB 100' });
  // The same content twice in a file is two rows (two hashes); the same file again gives the same hashes.
  expect(again.hash).not.toBe(first.hash);
  const second = read(file([['2026-11-20', '1,200.00', 'fee cpabcdefgh', 'Zhang']]));
  expect('error' in second ? null : second.lines[0]).toMatchObject({ hash: first.hash });
  // Another conference: other hashes.
  const elsewhere = read(file([['2026-11-20', '1,200.00', 'fee cpabcdefgh', 'Zhang']]), { conferenceId: 8 });
  expect('error' in elsewhere ? null : elsewhere.lines[0]).not.toMatchObject({ hash: first.hash });
  const foreign = read(file([['2026-11-20', '10', 'x', 'y']]), { currency: 'XXQ' });
  expect('error' in foreign ? null : foreign.lines).toEqual([{ line: 2, kind: 'currency' }]);
});

test('refusals are returned as message keys: unreadable, empty, too many rows, a missing column', () => {
  const refusal = (out: ReadStatementOutput) => ('error' in out ? out : null);
  expect(refusal(read('a,b\n"unterminated'))).toMatchObject({ error: 'orders:csvInvalid', field: 'csv' });
  expect(refusal(read('Date,Credit,Memo,Payer\r\n\r\n  \r\n'))).toMatchObject({
    error: 'orders:csvEmpty',
    field: 'csv',
  });
  const many = file(Array.from({ length: MAX_STATEMENT_ROWS + 1 }, (_, i) => ['2026-11-20', '1', `row ${i}`, '']));
  expect(refusal(read(many))).toEqual({
    error: 'orders:csvTooManyRows',
    field: 'csv',
    params: { max: String(MAX_STATEMENT_ROWS) },
  });
  const exactly = read(file(Array.from({ length: MAX_STATEMENT_ROWS }, (_, i) => ['2026-11-20', '1', `row ${i}`, ''])));
  expect('error' in exactly ? exactly.error : exactly.records).toBe(MAX_STATEMENT_ROWS);
  expect(refusal(read(file([['2026-11-20', '1', 'x', 'y']]), { mapping: { ...mapping, amount: 'Amount' } }))).toEqual({
    error: 'orders:mappingMissing',
    field: 'amount',
    params: { column: 'Amount' },
  });
});
