/**
 * Scans made while the desk is offline (issue 33): kept in the browser's localStorage per
 * conference, each with its own id and the time it was made, and sent with the sync endpoint when
 * the connection is back. The server records each id once, so a sync whose answer was lost is
 * sent again without harm; it decides the conflicts (the earliest scan wins, every scan recorded).
 */
import type { QueuedScan } from '../../server/contract/checkin';

const keyOf = (conferenceId: number) => `checkin.queue.${conferenceId}`;

export function queued(conferenceId: number): QueuedScan[] {
  try {
    const value = JSON.parse(localStorage.getItem(keyOf(conferenceId)) ?? '[]') as unknown;
    return Array.isArray(value) ? (value as QueuedScan[]) : [];
  } catch {
    return [];
  }
}

function save(conferenceId: number, scans: QueuedScan[]): void {
  localStorage.setItem(keyOf(conferenceId), JSON.stringify(scans));
}

/** A random id for a scan (crypto where there is one). */
function newRef(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function enqueue(conferenceId: number, scan: { code: string; deskId: number | null }): QueuedScan {
  const item: QueuedScan = {
    code: scan.code,
    deskId: scan.deskId,
    clientRef: newRef(),
    scannedAt: new Date().toISOString(),
  };
  save(conferenceId, [...queued(conferenceId), item]);
  return item;
}

/** Drops the scans the server answered (by their ids), keeping any queued meanwhile. */
export function forget(conferenceId: number, refs: Set<string>): void {
  save(
    conferenceId,
    queued(conferenceId).filter((s) => !refs.has(s.clientRef)),
  );
}

/** The desk chosen on this device, kept across reloads. */
export function savedDesk(conferenceId: number): number | null {
  const value = Number(localStorage.getItem(`checkin.desk.${conferenceId}`));
  return Number.isInteger(value) && value > 0 ? value : null;
}

export function saveDesk(conferenceId: number, deskId: number | null): void {
  if (deskId === null) localStorage.removeItem(`checkin.desk.${conferenceId}`);
  else localStorage.setItem(`checkin.desk.${conferenceId}`, String(deskId));
}
