/** A conference with registrants, a fee, desks and desk staff, for the check-in tests. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import type { Harness } from '../../helpers/harness';
import { toDbInstant } from '../../../server/db/dialect';
import { addFee, attendee, call, feeConference } from '../orders/helpers';

export { call, attendee };

export type Setup = {
  cid: number;
  host: string;
  manager: string;
  staff: string;
  staffId: number;
  deskA: number;
  deskB: number;
  fee: number;
};

export async function checkinConference(h: Harness, slug: string): Promise<Setup> {
  const { cid, host } = await feeConference(h, slug);
  const manager = await h.login({ email: `boss-${slug}@example.org`, conferenceId: cid, roles: ['manager'] });
  const fee = await addFee(h, cid, { kind: 'register', price: 80_000 });
  const desks = (
    await call(h, host, 'post', '/conference/platform/manage/checkin/desks', {
      token: manager,
      body: { name: 'Desk 1' },
    }).expect(200)
  ).body.data;
  const more = (
    await call(h, host, 'post', '/conference/platform/manage/checkin/desks', {
      token: manager,
      body: { name: 'Desk 2' },
    }).expect(200)
  ).body.data;
  await call(h, host, 'post', '/conference/platform/manage/checkin/staff', {
    token: manager,
    body: { email: `desk-${slug}@example.org` },
  }).expect(200);
  const staffId = Number(
    (await h
      .db('users')
      .where({ email: `desk-${slug}@example.org` })
      .first())!.id,
  );
  const staff = await h.login({ email: `desk-${slug}@example.org`, conferenceId: cid });
  return { cid, host, manager, staff, staffId, deskA: desks[0].id, deskB: more[1].id, fee };
}

/** The registration code of a registrant made by the orders' helper. */
export async function codeOf(h: Harness, cid: number, userId: number): Promise<{ code: string; registrantId: number }> {
  const row = await h.db('registrants').where({ conference_id: cid, user_id: userId }).first();
  return { code: row!.code, registrantId: Number(row!.id) };
}

/** The text of a PDF, as poppler's pdftotext reads it. */
export function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString();
}

/**
 * The QR code read back from a PDF's first page, as a camera would see the printed badge: the
 * page drawn by poppler (pdftoppm, 150 dpi, PPM) and read by jsQR, the desk's fallback decoder.
 */
export function qrOfPdf(pdf: Buffer): string | null {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cp-checkin-'));
  try {
    fs.writeFileSync(path.join(dir, 'badge.pdf'), pdf);
    execFileSync('pdftoppm', [
      '-r',
      '150',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      path.join(dir, 'badge.pdf'),
      path.join(dir, 'page'),
    ]);
    const ppm = fs.readFileSync(path.join(dir, 'page.ppm'));
    // P6 header: magic, width, height, max value, each followed by whitespace.
    const header = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(ppm.subarray(0, 50).toString('latin1'))!;
    const [width, height] = [Number(header[1]), Number(header[2])];
    const pixels = ppm.subarray(header[0].length);
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      rgba[i * 4] = pixels[i * 3];
      rgba[i * 4 + 1] = pixels[i * 3 + 1];
      rgba[i * 4 + 2] = pixels[i * 3 + 2];
      rgba[i * 4 + 3] = 255;
    }
    return jsQR(rgba, width, height)?.data ?? null;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Many people checked in at the given instants, written straight to the tables (users,
 * registrants, one 'checkedIn' attempt and one check-in each), in chunks: for the counts per hour
 * and the large attendance export, where going through the desk 600 times would only be slow.
 */
export async function seedCheckedIn(h: Harness, s: Setup, tag: string, instants: Date[]): Promise<void> {
  const CHUNK = 100;
  const chunks = <T>(rows: T[]) =>
    Array.from({ length: Math.ceil(rows.length / CHUNK) }, (_, i) => rows.slice(i * CHUNK, (i + 1) * CHUNK));
  const stamp = toDbInstant(new Date());
  const emails = instants.map((_, i) => `ci${i}-${tag}@example.org`);
  for (const part of chunks(emails))
    await h.db('users').insert(
      part.map((email, i) => ({
        email,
        true_name: `签到人${i}`,
        password_hash: null,
        umt_id: null,
        cstnet_id: email,
        created_at: stamp,
        updated_at: stamp,
      })),
    );
  const users = new Map(
    ((await h.db('users').whereIn('email', emails).select('id', 'email')) as Array<{ id: number; email: string }>).map(
      (u) => [u.email, Number(u.id)],
    ),
  );
  const people = emails.map((email, i) => ({
    conference_id: s.cid,
    user_id: users.get(email)!,
    version: 'default',
    seq: 700_000 + i,
    code: `CI-${tag}-${i}`,
    email,
    full_name: `签到人 ${i}`,
    country: 'China',
    unit: `Unit ${i % 7}`,
    answers: '{}',
    created_at: stamp,
    updated_at: stamp,
  }));
  for (const part of chunks(people)) await h.db('registrants').insert(part);
  const ids = new Map(
    (
      (await h
        .db('registrants')
        .where({ conference_id: s.cid })
        .whereIn('email', emails)
        .select('id', 'email')) as Array<{ id: number; email: string }>
    ).map((r) => [r.email, Number(r.id)]),
  );
  const attempts = emails.map((email, i) => ({
    conference_id: s.cid,
    registrant_id: ids.get(email)!,
    desk_id: s.deskA,
    staff_id: s.staffId,
    scanned_at: toDbInstant(instants[i]),
    received_at: toDbInstant(instants[i]),
    outcome: 'checkedIn' as const,
    offline: false,
    client_ref: `seed-${tag}-${i}`,
  }));
  for (const part of chunks(attempts)) await h.db('checkin_attempts').insert(part);
  const attemptIds = new Map(
    (
      (await h
        .db('checkin_attempts')
        .where({ conference_id: s.cid })
        .whereIn('registrant_id', [...ids.values()])
        .select('id', 'registrant_id')) as Array<{ id: number; registrant_id: number }>
    ).map((a) => [Number(a.registrant_id), Number(a.id)]),
  );
  const checkins = emails.map((email, i) => {
    const registrantId = ids.get(email)!;
    return {
      conference_id: s.cid,
      registrant_id: registrantId,
      user_id: users.get(email)!,
      attempt_id: attemptIds.get(registrantId)!,
      desk_id: s.deskA,
      staff_id: s.staffId,
      checked_in_at: toDbInstant(instants[i]),
    };
  });
  for (const part of chunks(checkins)) await h.db('checkins').insert(part);
}
