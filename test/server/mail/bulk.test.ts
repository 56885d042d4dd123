/**
 * Bulk mail is all or nothing and fits its column (issue 10, low): long addresses used to overflow
 * bcc_address (varchar 4000) on MariaDB after some batches were already queued, so a retry
 * mailed people twice. Now the batches are cut by length too, and written in one transaction.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { migrate } from '../../../server/db/index';
import { BULK_BATCH, MAX_BCC_LENGTH, bulkBatches, enqueueBulkMail } from '../../../server/modules/mail/service';
import { createTestDb, type TestDb } from '../../helpers/db';

let t: TestDb;
let conferenceId: number;

/** A valid address of exactly `length` characters. */
const longAddress = (i: number, length = 240) => {
  const domain = `@example.org`;
  const local = `p${i}.`.padEnd(length - domain.length, 'x');
  return `${local}${domain}`;
};
const mail = (to: string[]) => ({
  conferenceId,
  to,
  subject: 'Notice',
  text: 'body',
  html: '<p>body</p>',
  kind: 'bulk',
});
const rows = () => t.db('mail_outbox').where({ conference_id: conferenceId, kind: 'bulk' }).orderBy('id');

beforeAll(async () => {
  t = await createTestDb();
  await migrate(t.db);
  const now = '2026-01-01 00:00:00.000';
  [conferenceId] = await t.db('conferences').insert({ slug: 'bulk', created_at: now, updated_at: now });
  conferenceId = Number(conferenceId) || Number((await t.db('conferences').where({ slug: 'bulk' }).first())!.id);
});
afterAll(() => t?.drop());

describe('batches', () => {
  test('at most 20 recipients and at most 4000 characters of addresses each, in order, nobody lost', () => {
    const short = Array.from({ length: 45 }, (_, i) => `u${i}@example.org`);
    expect(bulkBatches(short).map((b) => b.length)).toEqual([20, 20, 5]);
    const long = Array.from({ length: 45 }, (_, i) => longAddress(i));
    const batches = bulkBatches(long);
    expect(batches.flat()).toEqual(long);
    for (const b of batches) {
      expect(b.length).toBeLessThanOrEqual(BULK_BATCH);
      expect(b.join(', ').length).toBeLessThanOrEqual(MAX_BCC_LENGTH);
    }
    // 240-character addresses: 16 fit (16 × 240 + 15 × 2 = 3870), a 17th would not.
    expect(batches[0]).toHaveLength(16);
  });
});

describe('enqueueBulkMail on the database', () => {
  test('20 addresses of 240 characters (4,838 characters together) are queued in rows that fit', async () => {
    const to = Array.from({ length: 20 }, (_, i) => longAddress(i));
    expect(await enqueueBulkMail(t.db, mail(to))).toBe(2);
    const written = await rows();
    expect(written).toHaveLength(2);
    expect(written.flatMap((r) => r.bcc_address!.split(', '))).toEqual(to);
    for (const r of written) expect(r.bcc_address!.length).toBeLessThanOrEqual(MAX_BCC_LENGTH);
  });

  test('a failure on a later batch leaves nothing queued', async () => {
    await t.db('mail_outbox').where({ conference_id: conferenceId }).delete();
    // The database refuses the third batch, as it refused an overlong one before.
    if (t.dialect === 'mysql') {
      await t.db.raw(
        "CREATE TRIGGER poison_bulk BEFORE INSERT ON mail_outbox FOR EACH ROW BEGIN IF NEW.bcc_address LIKE '%poison%' THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'poison'; END IF; END",
      );
    } else {
      await t.db.raw(
        "CREATE TRIGGER poison_bulk BEFORE INSERT ON mail_outbox WHEN NEW.bcc_address LIKE '%poison%' BEGIN SELECT RAISE(ABORT, 'poison'); END",
      );
    }
    try {
      const to = [...Array.from({ length: 40 }, (_, i) => `ok${i}@example.org`), 'poison@example.org'];
      await expect(enqueueBulkMail(t.db, mail(to))).rejects.toThrow(/poison/);
      expect(await rows()).toHaveLength(0);
      // Inside a caller's transaction too: its savepoint goes, the caller decides about the rest.
      await expect(t.db.transaction((tx) => enqueueBulkMail(tx, mail(to)))).rejects.toThrow(/poison/);
      expect(await rows()).toHaveLength(0);
    } finally {
      await t.db.raw('DROP TRIGGER poison_bulk');
    }
  });
});
