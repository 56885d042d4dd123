/**
 * The check-in rules (issue 33). A scan takes the registrant's one `checkins` row with an INSERT
 * that the primary key lets succeed once, so fifty desks scanning one badge together record one
 * check-in and forty-nine "already" attempts; every attempt is kept with who scanned and where.
 * A scan queued offline keeps the time it was made: if it is earlier than the check-in the server
 * holds, it takes its place (the first check-in wins, by the time at the door), the later one is
 * marked superseded; a queued scan made before an undo does not check the person in again.
 */
import type { Db } from '../../db/index';
import { isUniqueViolation, toDbInstant } from '../../db/dialect';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../platform/errors';
import { localTime } from '../../platform/localTime';
import { subtractMoney, toDecimalString } from '../../contract/money';
import type {
  CheckinMark,
  CountsView,
  ScanOutcome,
  DeskStaffView,
  DeskView,
  LookupView,
  PersonCard,
  QueuedScan,
  ScanResult,
} from '../../contract/checkin';
import { accountsByIds } from '../accounts/index';
import { registrantByCode, registrantForDesk, registrantsMatching, type DeskRegistrant } from '../registration/index';
import type { OrderManagement, OrderService } from '../orders/index';
import type { Deps } from '../../platform/feature';
import { liveCounts } from './counts';
import * as desks from './desks';
import * as repo from './repo';

/** What the desk needs of other features, read lazily (they are built before this one). */
export type CheckinPorts = {
  orders: OrderService;
  orderDesk: OrderManagement;
  fees: Deps['fees'];
  hotelBooking: Deps['hotelBooking'];
};

/** What an attempt recorded before says to the desk that sends it again. */
const settled = (outcome: repo.AttemptOutcome): ScanOutcome =>
  outcome === 'pending' || outcome === 'undone' ? 'already' : outcome;

/** A queued scan stamped later than this after the server's clock is taken as made now (a desk's clock that runs fast). */
const CLOCK_SLACK_MS = 2 * 60_000;

export class CheckinService {
  constructor(
    private readonly db: Db,
    private readonly ports: () => CheckinPorts,
  ) {}

  // ── desks and staff (the managers', desks.ts) ─────────────────────────────────────────

  desks(conferenceId: number): Promise<DeskView[]> {
    return desks.list(this.db, conferenceId);
  }

  addDesk(conferenceId: number, name: string): Promise<DeskView[]> {
    return desks.add(this.db, conferenceId, name);
  }

  renameDesk(conferenceId: number, id: number, name: string): Promise<DeskView[]> {
    return desks.rename(this.db, conferenceId, id, name);
  }

  retireDesk(conferenceId: number, id: number): Promise<DeskView[]> {
    return desks.retire(this.db, conferenceId, id);
  }

  staff(conferenceId: number): Promise<DeskStaffView[]> {
    return desks.staff(this.db, conferenceId);
  }

  addStaff(conferenceId: number, email: string): Promise<DeskStaffView[]> {
    return desks.addStaff(this.db, conferenceId, email);
  }

  removeStaff(conferenceId: number, userId: number): Promise<DeskStaffView[]> {
    return desks.removeStaff(this.db, conferenceId, userId);
  }

  // ── the desk ─────────────────────────────────────────────────────────────────────────

  /** A desk named by a scan: one of the conference's open desks, or none. */
  private async checkDesk(conferenceId: number, deskId: number | null): Promise<void> {
    if (deskId === null) return;
    const desk = await repo.findDesk(this.db, conferenceId, deskId);
    if (!desk || desk.retired_at) throw new AppError(400, 'checkin:deskInvalid', { field: 'deskId' });
  }

  /** 404 'checkin:notRegistered' unless the id is a registrant of this conference. */
  async requireRegistrant(conferenceId: number, registrantId: number): Promise<void> {
    await this.registrant(conferenceId, registrantId);
  }

  private async registrant(conferenceId: number, registrantId: number): Promise<DeskRegistrant> {
    const found = await registrantForDesk(this.db, conferenceId, registrantId);
    if (!found) throw new AppError(404, 'checkin:notRegistered');
    return found;
  }

  async mark(conferenceId: number, checkin: repo.Checkin | undefined, timeZone: string): Promise<CheckinMark | null> {
    if (!checkin) return null;
    const [desk, people] = await Promise.all([
      checkin.desk_id ? repo.findDesk(this.db, conferenceId, checkin.desk_id) : undefined,
      accountsByIds(this.db, [checkin.staff_id]),
    ]);
    const staff = people.get(checkin.staff_id);
    return {
      at: localTime(checkin.checked_in_at, timeZone),
      desk: desk?.name ?? '',
      staff: staff?.trueName || staff?.email || '',
    };
  }

  /** The person as the desk shows them: registration, what they owe, their hotel, their check-in. */
  async card(conferenceId: number, r: DeskRegistrant, timeZone: string): Promise<PersonCard> {
    const { orderDesk, orders, hotelBooking } = this.ports();
    const [items, bookings, checkin] = await Promise.all([
      orderDesk.itemsOfUser(conferenceId, r.userId),
      hotelBooking.mine(conferenceId, r.userId),
      repo.checkinOf(this.db, conferenceId, r.id),
    ]);
    const feeOrders = items.filter((i) => i.type === 'register' || i.type === 'optional');
    const open = feeOrders.find((i) => i.status === 'unpaid');
    let payment: PersonCard['payment'] = {
      state: feeOrders.some((i) => i.status === 'paid') ? 'paid' : 'none',
      owed: null,
      orderId: null,
      orderNo: '',
    };
    if (open) {
      const order = await orders.view(conferenceId, open.orderId);
      payment = {
        state: 'unpaid',
        owed: subtractMoney(order.total, order.paid),
        orderId: order.id,
        orderNo: order.orderNo,
      };
    }
    return {
      registrantId: r.id,
      code: r.code,
      name: r.name,
      unit: r.unit,
      email: r.email,
      version: r.version,
      payment,
      hotels: bookings
        .filter((b) => b.status === 'pending' || b.status === 'confirmed')
        .map((b) => ({
          hotelZh: b.hotelZh,
          hotelEn: b.hotelEn,
          roomZh: b.roomZh,
          roomEn: b.roomEn,
          checkIn: b.checkIn,
          checkOut: b.checkOut,
          paid: b.payment === 'paid',
        })),
      checkin: await this.mark(conferenceId, checkin, timeZone),
    };
  }

  /** A scanned code (a badge's or ticket's QR carries the registration code) or a typed name. */
  async lookup(conferenceId: number, input: { code?: string; q?: string }, timeZone: string): Promise<LookupView> {
    if (input.code) {
      const found = await registrantByCode(this.db, conferenceId, input.code);
      return { person: found ? await this.card(conferenceId, found, timeZone) : null, matches: [] };
    }
    const text = input.q ?? '';
    const exact = await registrantByCode(this.db, conferenceId, text);
    if (exact) return { person: await this.card(conferenceId, exact, timeZone), matches: [] };
    const matches = await registrantsMatching(this.db, conferenceId, text, 10);
    if (matches.length === 1) return { person: await this.card(conferenceId, matches[0], timeZone), matches: [] };
    return {
      person: null,
      matches: matches.map((m) => ({ registrantId: m.id, code: m.code, name: m.name, unit: m.unit })),
    };
  }

  /**
   * One scan: the attempt is recorded, and the check-in taken if nobody has it (or if this scan,
   * queued offline, was made before the one that has it). Deadlocks between desks are retried by
   * inTransaction; the outcome comes from the row the database kept.
   */
  private async record(
    conferenceId: number,
    staffId: number,
    r: DeskRegistrant,
    scan: { deskId: number | null; scannedAt: Date; offline: boolean; clientRef: string | null },
  ): Promise<Exclude<ScanOutcome, 'unknown'>> {
    const now = new Date();
    const at = toDbInstant(scan.scannedAt);
    if (scan.offline) {
      const undo = await repo.lastUndoAt(this.db, conferenceId, r.id);
      if (undo && undo > scan.scannedAt) {
        await repo.insertAttempt(this.db, {
          conference_id: conferenceId,
          registrant_id: r.id,
          desk_id: scan.deskId,
          staff_id: staffId,
          scanned_at: at,
          received_at: toDbInstant(now),
          outcome: 'stale',
          offline: true,
          client_ref: scan.clientRef,
        });
        return 'stale';
      }
    }
    return inTransaction(this.db, async (tx) => {
      const attemptId = await repo.insertAttempt(tx, {
        conference_id: conferenceId,
        registrant_id: r.id,
        desk_id: scan.deskId,
        staff_id: staffId,
        scanned_at: at,
        received_at: toDbInstant(now),
        outcome: 'pending',
        offline: scan.offline,
        client_ref: scan.clientRef,
      });
      const held = await repo.takeCheckin(tx, {
        conference_id: conferenceId,
        registrant_id: r.id,
        user_id: r.userId,
        attempt_id: attemptId,
        desk_id: scan.deskId,
        staff_id: staffId,
        checked_in_at: scan.scannedAt,
      });
      let outcome: 'checkedIn' | 'already' = held.attempt_id === attemptId ? 'checkedIn' : 'already';
      if (outcome === 'already' && scan.offline && scan.scannedAt < held.checked_in_at) {
        await repo.replaceCheckin(tx, conferenceId, r.id, {
          attempt_id: attemptId,
          desk_id: scan.deskId,
          staff_id: staffId,
          checked_in_at: scan.scannedAt,
        });
        await repo.setOutcome(tx, conferenceId, held.attempt_id, 'superseded');
        outcome = 'checkedIn';
      }
      await repo.setOutcome(tx, conferenceId, attemptId, outcome);
      return outcome;
    });
  }

  async checkIn(
    conferenceId: number,
    staffId: number,
    registrantId: number,
    deskId: number | null,
    timeZone: string,
  ): Promise<ScanResult> {
    await this.checkDesk(conferenceId, deskId);
    const r = await this.registrant(conferenceId, registrantId);
    const outcome = await this.record(conferenceId, staffId, r, {
      deskId,
      scannedAt: new Date(),
      offline: false,
      clientRef: null,
    });
    return { outcome, clientRef: null, person: await this.card(conferenceId, r, timeZone) };
  }

  /** Scans queued while the desk was offline, in the order they were made; each recorded once whatever the retries. */
  async sync(conferenceId: number, staffId: number, scans: QueuedScan[], timeZone: string): Promise<ScanResult[]> {
    const desks = new Map((await repo.listDesks(this.db, conferenceId)).map((d) => [d.id, d]));
    const results: ScanResult[] = [];
    const ordered = [...scans].sort((a, b) => Date.parse(a.scannedAt) - Date.parse(b.scannedAt));
    for (const scan of ordered) {
      const r = await registrantByCode(this.db, conferenceId, scan.code);
      if (!r) {
        results.push({ outcome: 'unknown', clientRef: scan.clientRef, person: null });
        continue;
      }
      // A desk retired or removed since the scan: the check-in still counts, without a desk.
      const deskId = scan.deskId !== null && desks.has(scan.deskId) ? scan.deskId : null;
      const made = Math.min(Date.parse(scan.scannedAt), Date.now() + CLOCK_SLACK_MS);
      const outcome = await this.recordOnce(conferenceId, staffId, r, {
        deskId,
        scannedAt: new Date(Math.min(made, Date.now())),
        offline: true,
        clientRef: scan.clientRef,
      });
      results.push({ outcome, clientRef: scan.clientRef, person: await this.card(conferenceId, r, timeZone) });
    }
    return results;
  }

  /** A queued scan sent again (the answer was lost on the way back) answers what it did the first time. */
  private async recordOnce(
    conferenceId: number,
    staffId: number,
    r: DeskRegistrant,
    scan: { deskId: number | null; scannedAt: Date; offline: boolean; clientRef: string },
  ): Promise<ScanResult['outcome']> {
    const before = await repo.attemptByRef(this.db, conferenceId, scan.clientRef);
    if (before) return settled(before.outcome);
    try {
      return await this.record(conferenceId, staffId, r, scan);
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      const winner = await repo.attemptByRef(this.db, conferenceId, scan.clientRef);
      return winner ? settled(winner.outcome) : 'already';
    }
  }

  /** Undoes a mistaken check-in; the undo is an attempt of its own. */
  async undo(
    conferenceId: number,
    staffId: number,
    registrantId: number,
    deskId: number | null,
    timeZone: string,
  ): Promise<PersonCard> {
    await this.checkDesk(conferenceId, deskId);
    const r = await this.registrant(conferenceId, registrantId);
    await inTransaction(this.db, async (tx) => {
      if (!(await repo.deleteCheckin(tx, conferenceId, r.id))) throw new AppError(409, 'checkin:notCheckedIn');
      const now = toDbInstant();
      await repo.insertAttempt(tx, {
        conference_id: conferenceId,
        registrant_id: r.id,
        desk_id: deskId,
        staff_id: staffId,
        scanned_at: now,
        received_at: now,
        outcome: 'undone',
        offline: false,
        client_ref: null,
      });
    });
    return this.card(conferenceId, r, timeZone);
  }

  /**
   * Pay on site: the person's open fee order marked paid with the offline method, for what it
   * still owes, through the orders' deal (the one place an order becomes paid: settle, receipt, mail).
   */
  async pay(
    conferenceId: number,
    staffId: number,
    registrantId: number,
    orderId: number,
    timeZone: string,
  ): Promise<PersonCard> {
    const r = await this.registrant(conferenceId, registrantId);
    const { orders, orderDesk, fees } = this.ports();
    const order = await orders.view(conferenceId, orderId).catch(() => null);
    if (!order || !(await orderDesk.itemsOfUser(conferenceId, r.userId)).some((i) => i.orderId === orderId))
      throw new AppError(404, 'checkin:orderNotFound');
    if (order.status !== 'unpaid') throw new AppError(409, 'checkin:orderNotOpen');
    await orderDesk.deal(
      conferenceId,
      staffId,
      orderId,
      { status: 'paid', actualPay: toDecimalString(subtractMoney(order.total, order.paid)), remark: 'check-in desk' },
      fees,
    );
    return this.card(conferenceId, r, timeZone);
  }

  // ── counts and attendance ────────────────────────────────────────────────────────────

  /** Live counts: checked in, registered, and check-ins per hour in the conference's time zone. */
  counts(conferenceId: number, timeZone: string): Promise<CountsView> {
    return liveCounts(this.db, conferenceId, timeZone);
  }

  attended(conferenceId: number, userId: number): Promise<boolean> {
    return repo.hasCheckedIn(this.db, conferenceId, userId);
  }
}
