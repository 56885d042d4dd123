/**
 * Who came (issue 33): the managers' attendance list and attendance.xlsx. The list pages over
 * `checkins`; names come from registration's front door. The workbook is written in the pool
 * ('platform.table'): at once for a few hundred people, as a piece of work beyond (exportWork.ts).
 */
import type { Db } from '../../db/index';
import { t } from '../../platform/i18n';
import { localTime } from '../../platform/localTime';
import type { TableSheet } from '../../platform/work/table';
import type { Progress } from '../../platform/work/types';
import type { AttendancePage, AttendanceQuery, AttendanceRow } from '../../contract/checkin';
import type { Lang } from '../../contract/enums';
import { accountsByIds } from '../accounts/index';
import { registrantsForDesk, registrantsMatching } from '../registration/index';
import * as repo from './repo';
import { localHourRange } from './counts';

/** A search narrows the list to the registrants it finds (at most this many). */
const SEARCH_LIMIT = 500;
const SLICE = 1000;

export class Attendance {
  constructor(private readonly db: Db) {}

  private async filter(conferenceId: number, q: string | undefined): Promise<{ registrantIds?: number[] }> {
    if (!q) return {};
    return { registrantIds: (await registrantsMatching(this.db, conferenceId, q, SEARCH_LIMIT)).map((r) => r.id) };
  }

  private async rowsOf(conferenceId: number, checkins: repo.Checkin[], timeZone: string): Promise<AttendanceRow[]> {
    const ids = checkins.map((c) => c.registrant_id);
    const [people, desks, staff, attempts] = await Promise.all([
      registrantsForDesk(this.db, conferenceId, ids),
      repo.listDesks(this.db, conferenceId),
      accountsByIds(this.db, [...new Set(checkins.map((c) => c.staff_id))]),
      repo.attemptCounts(this.db, conferenceId, ids),
    ]);
    const byId = new Map(people.map((p) => [p.id, p]));
    const deskNames = new Map(desks.map((d) => [d.id, d.name]));
    return checkins.map((c) => {
      const p = byId.get(c.registrant_id);
      const s = staff.get(c.staff_id);
      return {
        registrantId: c.registrant_id,
        code: p?.code ?? '',
        name: p?.name ?? '',
        unit: p?.unit ?? '',
        at: localTime(c.checked_in_at, timeZone),
        desk: c.desk_id ? (deskNames.get(c.desk_id) ?? '') : '',
        staff: s?.trueName || s?.email || '',
        attempts: attempts.get(c.registrant_id) ?? 1,
      };
    });
  }

  async page(conferenceId: number, q: AttendanceQuery, timeZone: string): Promise<AttendancePage> {
    const within = q.hour ? localHourRange(q.hour, timeZone) : {};
    const { rows, total } = await repo.attendancePage(
      this.db,
      conferenceId,
      { ...(await this.filter(conferenceId, q.q)), ...within },
      q.page,
      q.size,
    );
    return { rows: await this.rowsOf(conferenceId, rows, timeZone), total, page: q.page, size: q.size };
  }

  async count(conferenceId: number, q: string | undefined): Promise<number> {
    return (await repo.attendancePage(this.db, conferenceId, await this.filter(conferenceId, q), 1, 1)).total;
  }

  version(conferenceId: number): Promise<string> {
    return repo.attendanceVersion(this.db, conferenceId);
  }

  /** Every check-in of the filter, oldest first, as the workbook's sheet. */
  async table(
    conferenceId: number,
    q: string | undefined,
    lang: Lang,
    timeZone: string,
    progress?: Progress,
  ): Promise<TableSheet> {
    const f = await this.filter(conferenceId, q);
    const rows: string[][] = [];
    let after: { at: Date; registrantId: number } | null = null;
    for (;;) {
      const slice = await repo.attendanceSlice(this.db, conferenceId, f, after, SLICE);
      if (!slice.length) break;
      for (const r of await this.rowsOf(conferenceId, slice, timeZone))
        rows.push([r.code, r.name, r.unit, r.at, r.desk, r.staff, String(r.attempts)]);
      const last = slice[slice.length - 1];
      after = { at: last.checked_in_at, registrantId: last.registrant_id };
      progress?.(rows.length, 0, 'work:stage.reading');
    }
    const head = ['code', 'name', 'unit', 'at', 'desk', 'staff', 'attempts'].map((k) => t(lang, `checkin:export.${k}`));
    return { name: t(lang, 'checkin:export.sheet'), head, rows, widths: [16, 20, 32, 18, 14, 20, 10] };
  }
}
