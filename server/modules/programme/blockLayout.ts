/**
 * A session block's papers laid out one after another from its start, and the editor's settings
 * read once per transaction when a paper needs its default length (service.ts).
 */
import type { Tx } from '../../db/index';
import type { EditorSettings } from '../../contract/programmeEditor';
import { programmeReportTypes } from '../submissions/index';
import { lengthOf, settingsOf } from './editor';
import * as repo from './repo';

const num = (v: unknown) => (v == null ? null : Number(v));

/** The conference's editor settings, read at most once in a transaction, and only when asked for. */
export function settingsOnce(tx: Tx, conferenceId: number): () => Promise<EditorSettings> {
  let read: Promise<EditorSettings> | undefined;
  return () => (read ??= repo.settingsRow(tx, conferenceId).then(settingsOf));
}

/**
 * A block's papers one after another from its start, in its day and room (off the grid with it).
 * `known`: the block's papers as the caller already has them (a drop that just moved them);
 * else read. The settings and report types are read only for a paper that has no length yet.
 */
export async function layoutBlock(
  tx: Tx,
  conferenceId: number,
  block: repo.Item,
  by: number,
  settings: () => Promise<EditorSettings>,
  known?: repo.Item[],
): Promise<number[]> {
  const children = known ?? (await repo.childRows(tx, conferenceId, block.id));
  if (!children.length) return [];
  const unsized = children.filter((c) => c.start_minute == null || c.end_minute == null);
  const types = unsized.length
    ? await programmeReportTypes(
        tx,
        conferenceId,
        unsized.flatMap((c) => (c.submission_id ? [c.submission_id] : [])),
      )
    : new Map<number, number | null>();
  const lengths = unsized.length ? await settings() : null;
  let at = block.start_minute == null ? null : Number(block.start_minute);
  const touched: number[] = [];
  for (const [position, c] of children.entries()) {
    const length =
      c.start_minute != null && c.end_minute != null
        ? Number(c.end_minute) - Number(c.start_minute)
        : lengthOf(lengths!, (c.submission_id === null ? undefined : types.get(c.submission_id)) ?? null);
    const values: repo.ItemValues =
      block.day == null || at === null
        ? { day: null, start_minute: null, end_minute: null, room_id: null, position }
        : { day: block.day, start_minute: at, end_minute: at + length, room_id: block.room_id, position };
    if (at !== null) at += length;
    const same =
      c.day === (values.day ?? null) &&
      num(c.start_minute) === num(values.start_minute) &&
      num(c.end_minute) === num(values.end_minute) &&
      num(c.room_id) === num(values.room_id) &&
      Number(c.position) === position;
    if (same) continue;
    await repo.updateItemAt(tx, conferenceId, c.id, Number(c.revision), values, by);
    touched.push(c.id);
  }
  return touched;
}
