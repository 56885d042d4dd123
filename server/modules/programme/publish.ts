/**
 * The release (issue 34): refused while a conflict remains, else numbered N+1 with its change log,
 * stored with the mail to the people whose items moved and the event, in one transaction.
 */
import type { Db } from '../../db/index';
import { inTransaction } from '../../db/transaction';
import type { ProgrammeReleaseSummary } from '../../contract/programme';
import type { ProgrammeConflict } from '../../contract/programmeEditor';
import { AppError } from '../../platform/errors';
import type { EventBus } from '../../platform/events';
import { enqueueMail, withAdmission, type ConferenceMailGate } from '../mail/index';
import { conflictsOfWorking, namesOf, readWorking, type EditorContext } from './editor';
import { movedMail, movedPeople } from './mails';
import { changesOf, snapshotOf } from './release';
import * as repo from './repo';

/** A release refused: the conflicts that remain. */
export class ConflictsRemain extends AppError {
  constructor(readonly conflicts: ProgrammeConflict[]) {
    super(409, 'programmeManage:conflictsRemain', { params: { count: String(conflicts.length) } });
  }
}

export async function releaseSummaries(db: Db, conferenceId: number): Promise<ProgrammeReleaseSummary[]> {
  const list = await repo.releaseList(db, conferenceId);
  const names = await namesOf(
    db,
    list.map((r) => r.releasedBy),
  );
  return list.map((r) => ({
    number: r.number,
    releasedAt: r.releasedAt.toISOString(),
    releasedBy: names.get(r.releasedBy) ?? '',
    note: r.note,
    changes: r.changes,
  }));
}

/**
 * Publishes the working programme as the next release. Refused while a conflict remains (409,
 * with the list), and when the working programme changed since the manager last saw it
 * (`draftRevision`) or while this was computed (409 programmeManage:draftChanged: look again).
 */
export async function publishRelease(
  deps: { db: Db; events: EventBus; mailGate: ConferenceMailGate },
  ctx: EditorContext,
  note: string,
  seenRevision?: number,
): Promise<ProgrammeReleaseSummary> {
  const { db, events, mailGate } = deps;
  const { conferenceId: cid } = ctx;
  const w = await readWorking(db, cid);
  const conflicts = conflictsOfWorking(w, ctx.days, ctx.lang);
  if (conflicts.length) throw new ConflictsRemain(conflicts);
  if (seenRevision !== undefined && seenRevision !== w.draftRevision)
    throw new AppError(409, 'programmeManage:draftChanged');
  const previous = await repo.latestRelease(db, cid);
  const number = (previous?.number ?? 0) + 1;
  const releasedAt = new Date();
  const snapshot = snapshotOf({
    number,
    releasedAt,
    timeZone: ctx.timeZone,
    days: ctx.days,
    rooms: w.rooms,
    items: w.items,
    manuscripts: w.manuscripts,
    sessions: w.terms.sessions,
    reportTypes: w.terms.reportTypes,
  });
  const changes = changesOf(previous?.programme ?? null, snapshot);
  const people = await movedPeople(db, changes, w.items, w.manuscripts);
  // a release is never held up by mail: who the gate withholds is simply not told
  const admission = await mailGate.admit(
    cid,
    people.map((p) => p.email),
    { unknown: 'withhold', budget: 'withhold' },
  );
  const admitted = new Set(admission.to);
  await withAdmission(admission, () =>
    inTransaction(db, async (tx) => {
      const settings = await repo.lockSettings(tx, cid);
      const last = await repo.latestRelease(tx, cid);
      if (Number(settings.draft_revision) !== w.draftRevision || (last?.number ?? 0) !== number - 1)
        throw new AppError(409, 'programmeManage:draftChanged');
      await repo.insertRelease(tx, cid, {
        number,
        releasedBy: ctx.userId,
        releasedAt,
        note,
        changes,
        programme: snapshot,
      });
      const link = `${ctx.siteUrl}/programme`;
      for (const person of people) {
        if (!admitted.has(person.email)) continue;
        await enqueueMail(tx, {
          conferenceId: cid,
          to: [person.email],
          ...movedMail(ctx.siteName, link, person, snapshot, previous?.programme ?? null),
          kind: 'programmeChanged',
        });
      }
      await events.emit(tx, 'programme.released', { conferenceId: cid, number });
    }),
  );
  return (await releaseSummaries(db, cid)).find((r) => r.number === number)!;
}
