/**
 * Which notices a person has not seen (issue 18: attendees are told of a new notice on their next
 * visit). Reading the list marks them seen; the personal centre's Notices entry shows the count of
 * those published since (repo.unseenCount). Future-dated notices count from their time, not before.
 */
import type { Db } from '../../db/index';
import { lastSeen, noteSeen } from './repo';

/** Marks every notice published up to now as seen; answers when the person had seen them before. */
export async function markSeen(db: Db, conferenceId: number, userId: number): Promise<Date | null> {
  const before = await lastSeen(db, conferenceId, userId);
  await noteSeen(db, conferenceId, userId);
  return before;
}
