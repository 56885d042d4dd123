/**
 * The reviewers' sheet, read by the pool's task 'review.readReviewerSheet' (issue 30), called
 * directly: plain bytes in, plain rows (or a refusal's message key) out; and the check against the
 * conference's reviewers, which counts a row saved by an earlier run of the same sheet as already
 * imported rather than refusing it.
 */
import { expect, test } from 'vitest';
import { tasks } from '../../../server/modules/review/tasks';
import {
  checkImport,
  looksLikeXlsx,
  readReviewerSheet,
  type SheetRead,
} from '../../../server/modules/review/reviewers/import';
import type { ExistingReviewer } from '../../../server/modules/review/reviewers/repo';
import { REVIEWER_LIMITS } from '../../../server/contract/reviewers';
import { sheet } from './reviewerHelpers';

const rowsOf = (read: SheetRead) => {
  if ('error' in read) throw new Error(read.error);
  return read;
};

test('the task is declared under its name; rows are checked, numbered as the sheet shows them, and plain data', async () => {
  expect(tasks['review.readReviewerSheet']).toBe(readReviewerSheet);
  const bytes = await sheet([
    ['a@example.org', 'A'],
    [],
    ['broken'],
    ['A@example.org'],
    ['b@example.org', 'B', 'Unit', '13800000000'],
  ]);
  expect(looksLikeXlsx(bytes)).toBe(true);
  const read = rowsOf(await readReviewerSheet({ bytes: new Uint8Array(bytes) }));
  expect(structuredClone(read)).toEqual(read);
  expect(read.rows.map((r) => [r.row, r.email])).toEqual([
    [2, 'a@example.org'],
    [6, 'b@example.org'],
  ]);
  expect(read.errors).toEqual([
    { row: 4, field: 'email', message: 'emailFormatError' },
    { row: 5, field: 'email', message: 'reviewers:importDuplicate' },
  ]);
});

test('refusals are returned as message keys: not a spreadsheet, too many rows', async () => {
  expect(looksLikeXlsx(Buffer.from('this is not a spreadsheet'))).toBe(false);
  expect(await readReviewerSheet({ bytes: new Uint8Array(Buffer.from('PK\u0003\u0004 but not a zip')) })).toEqual({
    error: 'reviewers:importFileBad',
  });
  const many = await sheet(Array.from({ length: REVIEWER_LIMITS.importRows + 1 }, (_, i) => [`r${i}@example.org`]));
  expect(await readReviewerSheet({ bytes: new Uint8Array(many) })).toEqual({
    error: 'reviewers:importTooMany',
    params: { max: String(REVIEWER_LIMITS.importRows) },
  });
  expect(rowsOf(await readReviewerSheet({ bytes: new Uint8Array(await sheet([])) }))).toEqual({ rows: [], errors: [] });
});

test('against the reviewers: an address taken is a bad row, the same row saved before (pending, same details) is already imported', async () => {
  const read = rowsOf(
    await readReviewerSheet({
      bytes: new Uint8Array(
        await sheet([['new@example.org'], ['saved@example.org', 'Saved', 'U'], ['taken@example.org', 'Taken']]),
      ),
    }),
  );
  const existing = (email: string, over: Partial<ExistingReviewer> = {}): [string, ExistingReviewer] => [
    email,
    { email, full_name: '', unit: '', phone: '', country: '', direction: '', user_id: null, active: false, ...over },
  ];
  const saved = existing('saved@example.org', { full_name: 'Saved', unit: 'U' });
  expect(checkImport(read, new Map([saved]))).toMatchObject({
    toAdd: [{ email: 'new@example.org' }, { email: 'taken@example.org' }],
    already: 1,
  });
  // Other details, or activated since: someone else's record, refused.
  for (const other of [
    existing('taken@example.org', { full_name: 'Someone else' }),
    existing('taken@example.org', { full_name: 'Taken', active: 1, user_id: 5 }),
  ]) {
    expect(checkImport(read, new Map([saved, other]))).toEqual({
      message: 'reviewers:importRowsBad',
      params: { count: '1' },
      rows: [{ row: 4, field: 'email', message: 'reviewers:exists' }],
    });
  }
});
