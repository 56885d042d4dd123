/**
 * The fees' rules (spec 3, 5, 9; the shared design of issue 12): managers keep the fee items;
 * the fee page asks which fees apply to a person now (`applicable`); orders price a choice
 * (`quote`) and take places (`hold`) inside their own transaction, and give them back
 * (`release`) exactly once.
 *
 * Places: a category (fee_categories, named in both languages) has one maximum that its fee
 * items share (spec 3 "Maximum total per category"); max_per_account is each person's per fee,
 * and a person holds at most `registerPerPerson` registration fees (1 unless the manager allows
 * more). `hold` locks the fee rows, then each category's row, through the capacity helper
 * (server/db/capacity.ts), and counts the holds through the same transaction: two orders that
 * both count before either writes would both see room for the last place.
 */
import crypto from 'node:crypto';
import type { Db, Tx } from '../../db/index';
import { inTransaction } from '../../db/transaction';
import { AppError, tooManyRequests } from '../../platform/errors';
import type { EventBus } from '../../platform/events';
import type { RateLimiter } from '../../platform/rateLimit';
import { equalMoney, type Money } from '../../contract/money';
import { isDevelopingCountry } from '../../contract/developingCountries';
import type { Lang } from '../../contract/enums';
import type { FeeInput, FeeKind, FeeOffer, FeeSettings, FeeView } from '../../contract/fees';
import * as repo from './repo';
import { basics, categoryMax, columnsOf, present } from './present';
import { holdPlaces, mergeLines } from './places';

/** Who asks for fees: the person, their country (English name of countries.ts, '' unknown), the site's language, today in the conference's zone. */
export type FeePerson = { userId: number; country: string; lang: Lang; invitationCode?: string; today: string };

export type QuotedLine = {
  feeId: number;
  kind: FeeKind;
  categoryZh: string;
  categoryEn: string;
  titleZh: string;
  titleEn: string;
  unit: Money;
  displayCurrency: string;
  /** the unit price in the fee's display currency */ display: Money;
  quantity: number;
  priceVersion: number;
};

export type FeeHooks = {
  /** how many unpaid orders hold the fee; the orders feature answers it (until then: the orders holding it at all) */
  unpaidOrdersHolding(conn: Db | Tx, conferenceId: number, feeId: number): Promise<number>;
};

/** Wrong invitation codes a person may try per window (DESIGN.md 5: counters that protect count outside the transaction). */
export const FEE_CODE_LIMIT = { limit: 10, windowMs: 60 * 60_000 };

/** Equal codes, compared in constant time (digests of equal length, so the length leaks nothing either). */
function sameCode(given: string, code: string): boolean {
  const digest = (s: string) => crypto.createHash('sha256').update(s, 'utf8').digest();
  return crypto.timingSafeEqual(digest(given), digest(code));
}

type Refusal = 'fees:closed' | 'fees:scope' | 'fees:language' | 'fees:wrongCode';

/** Why a fee is not offered to a person now, or null when it is. */
function refusalOf(r: repo.Fee, person: FeePerson): Refusal | null {
  // The window is inclusive of both days, compared as YYYY-MM-DD in the conference's zone.
  if (!r.open || person.today < r.open_date || person.today > r.deadline) return 'fees:closed';
  if (r.user_scope === 'developing' && !isDevelopingCountry(person.country)) return 'fees:scope';
  if (r.lang_scope !== 'all' && r.lang_scope !== person.lang) return 'fees:language';
  if (r.invitation_code && !sameCode(person.invitationCode ?? '', r.invitation_code)) return 'fees:wrongCode';
  return null;
}

export class FeeService {
  constructor(
    private readonly db: Db,
    private readonly events: EventBus,
    private readonly limiter: RateLimiter,
    private readonly hooks: FeeHooks,
  ) {}

  // ── managers ─────────────────────────────────────────────────────────────────────────────

  async list(conferenceId: number, kind: FeeKind): Promise<FeeView[]> {
    const rows = await repo.listFees(this.db, conferenceId, kind);
    const used = await repo.usedByFee(
      this.db,
      conferenceId,
      rows.map((r) => r.id),
    );
    const byCategory = await repo.usedByCategory(this.db, conferenceId, categoryIdsOf(rows));
    return rows.map((r) =>
      present(
        r,
        used.get(r.id) ?? 0,
        r.category_id == null ? (used.get(r.id) ?? 0) : (byCategory.get(r.category_id) ?? 0),
      ),
    );
  }

  async create(conferenceId: number, input: FeeInput): Promise<FeeView[]> {
    await inTransaction(this.db, async (tx) =>
      repo.insertFee(tx, conferenceId, columnsOf(input, await this.categoryFor(tx, conferenceId, input.kind, input))),
    );
    return this.list(conferenceId, input.kind);
  }

  /**
   * The category a saved fee belongs to, found by its Chinese name within the kind, or made: its
   * English name and its shared maximum become the form's. The maximum may not go below the
   * places the category's orders hold ('fees:maxBelowUsed'); the row is locked while it changes.
   */
  private async categoryFor(tx: Tx, conferenceId: number, kind: FeeKind, input: FeeInput): Promise<number> {
    const found = await repo.findCategoryByName(tx, conferenceId, kind, input.categoryZh);
    if (!found)
      return repo.insertCategory(tx, conferenceId, {
        kind,
        name_zh: input.categoryZh,
        name_en: input.categoryEn,
        max_total: input.maxTotal,
      });
    const id = found.id;
    await repo.lockCategory(tx, conferenceId, id);
    const used = (await repo.usedByCategory(tx, conferenceId, [id])).get(id) ?? 0;
    if (input.maxTotal < used)
      throw new AppError(400, 'fees:maxBelowUsed', { field: 'maxTotal', params: { used: String(used) } });
    await repo.updateCategory(tx, conferenceId, id, { name_en: input.categoryEn, max_total: input.maxTotal });
    return id;
  }

  async settings(conferenceId: number): Promise<FeeSettings> {
    return { registerPerPerson: await repo.registerPerPerson(this.db, conferenceId) };
  }

  async saveSettings(conferenceId: number, settings: FeeSettings): Promise<FeeSettings> {
    await inTransaction(this.db, (tx) => repo.saveRegisterPerPerson(tx, conferenceId, settings.registerPerPerson));
    return this.settings(conferenceId);
  }

  /** What the fee page says of the rule: how many registration fees a person may hold, and how many this one holds. */
  async registerAllowance(
    conferenceId: number,
    userId: number,
  ): Promise<{ registerPerPerson: number; registerHeld: number }> {
    const [registerPerPerson, registerHeld] = await Promise.all([
      repo.registerPerPerson(this.db, conferenceId),
      repo.registerHeldBy(this.db, conferenceId, userId),
    ]);
    return { registerPerPerson, registerHeld };
  }

  /**
   * Saves a fee (its kind stays what it was created as). A new price of a fee that unpaid orders
   * hold needs the manager's confirmation (spec 4): without it, 409 'fees:priceChangeConfirm' with
   * the number of those orders; with it, the price version goes up and 'fee.priceChanged' is raised
   * in the same transaction, so the orders feature invalidates them and gives their places back.
   */
  async update(conferenceId: number, id: number, input: FeeInput): Promise<FeeView[]> {
    const kind = await inTransaction(this.db, async (tx) => {
      const row = await repo.lockFee(tx, conferenceId, id);
      if (!row) throw new AppError(404, 'fees:notFound');
      // The fee row first, then its category: the order hold() locks them in.
      const categoryId = await this.categoryFor(tx, conferenceId, row.kind, input);
      const columns: Partial<repo.FeeRow> = { ...columnsOf(input, categoryId), kind: row.kind };
      const priceChanged = !equalMoney(row.price, input.price);
      if (priceChanged) {
        const unpaid = await this.hooks.unpaidOrdersHolding(tx, conferenceId, id);
        if (unpaid > 0 && input.confirm !== true)
          throw new AppError(409, 'fees:priceChangeConfirm', {
            field: 'price',
            params: { unpaidOrders: String(unpaid) },
          });
        columns.price_version = Number(row.price_version) + 1;
      }
      await repo.updateFee(tx, conferenceId, id, columns);
      if (row.category_id != null && row.category_id !== categoryId)
        await repo.dropCategoryIfEmpty(tx, conferenceId, row.category_id);
      if (priceChanged) await this.events.emit(tx, 'fee.priceChanged', { conferenceId, feeId: id });
      return row.kind;
    });
    return this.list(conferenceId, kind);
  }

  /** Deletes a fee no order holds ('fees:inUse' otherwise); the row is locked so no hold slips in between. */
  async remove(conferenceId: number, id: number): Promise<FeeView[]> {
    const kind = await inTransaction(this.db, async (tx) => {
      const row = await repo.lockFee(tx, conferenceId, id);
      if (!row) throw new AppError(404, 'fees:notFound');
      if ((await repo.countHoldRows(tx, conferenceId, id)) > 0) throw new AppError(409, 'fees:inUse');
      await repo.deleteFee(tx, conferenceId, id);
      if (row.category_id != null) await repo.dropCategoryIfEmpty(tx, conferenceId, row.category_id);
      return row.kind;
    });
    return this.list(conferenceId, kind);
  }

  /** The fees of a kind in a new order; every id must be a saved fee of that kind ('Must be saved first'). */
  async reorder(conferenceId: number, kind: FeeKind, ids: number[]): Promise<FeeView[]> {
    const known = new Set((await repo.listFees(this.db, conferenceId, kind)).map((r) => r.id));
    if (new Set(ids).size !== ids.length || ids.some((id) => !known.has(id)))
      throw new AppError(400, 'fees:saveFirst', { field: 'ids' });
    await inTransaction(this.db, async (tx) => {
      for (const [index, id] of ids.entries()) await repo.setSort(tx, conferenceId, id, index + 1);
    });
    return this.list(conferenceId, kind);
  }

  // ── the fee page and orders ──────────────────────────────────────────────────────────────

  private codeKey(conferenceId: number, userId: number): string {
    return `fee-code:${conferenceId}:${userId}`;
  }

  /** A person who has used up their wrong tries gets no answer about codes until the window ends. */
  private async assertCodeTriesLeft(conferenceId: number, person: FeePerson): Promise<void> {
    if (
      person.invitationCode &&
      (await this.limiter.count(this.codeKey(conferenceId, person.userId))) >= FEE_CODE_LIMIT.limit
    )
      throw tooManyRequests();
  }

  private async countWrongCode(conferenceId: number, person: FeePerson): Promise<void> {
    await this.limiter.hit(this.codeKey(conferenceId, person.userId), FEE_CODE_LIMIT.limit, FEE_CODE_LIMIT.windowMs);
  }

  /**
   * What the fee page shows this person now: open fees in their window, of the person's scope
   * and site language. Reading tries no code, so it never counts a wrong one (the fee page is a
   * GET that any site can make a signed-in browser send): the fees behind a code come from tryCode.
   */
  async applicable(conferenceId: number, person: FeePerson, kind?: FeeKind): Promise<FeeOffer[]> {
    return this.offers(conferenceId, { ...person, invitationCode: undefined }, kind);
  }

  /**
   * The offers with the fees behind the person's invitation code (a POST). A code that opens no
   * fee is a wrong try: counted (rate limited, so codes cannot be guessed) and refused with
   * 'fees:wrongCode'; past the limit even the right code is refused until the window ends.
   */
  async tryCode(conferenceId: number, person: FeePerson, kind?: FeeKind): Promise<FeeOffer[]> {
    if (!person.invitationCode) throw new AppError(400, 'fees:codeEmpty', { field: 'invitationCode' });
    await this.assertCodeTriesLeft(conferenceId, person);
    const offers = await this.offers(conferenceId, person, kind);
    if (!offers.some((o) => o.coded)) {
      await this.countWrongCode(conferenceId, person);
      throw new AppError(400, 'fees:wrongCode', { field: 'invitationCode' });
    }
    return offers.map(({ coded: _coded, ...offer }) => offer);
  }

  private async offers(
    conferenceId: number,
    person: FeePerson,
    kind?: FeeKind,
  ): Promise<Array<FeeOffer & { coded?: true }>> {
    const rows = await repo.listFees(this.db, conferenceId, kind);
    const offered = rows.filter((r) => refusalOf(r, person) === null);
    const ids = offered.map((r) => r.id);
    const [used, byCategory, mine] = await Promise.all([
      repo.usedByFee(this.db, conferenceId, ids),
      repo.usedByCategory(this.db, conferenceId, categoryIdsOf(offered)),
      repo.usedByUser(this.db, conferenceId, person.userId, ids),
    ]);
    return offered.map((r) => {
      const id = r.id;
      const taken = r.category_id == null ? (used.get(id) ?? 0) : (byCategory.get(r.category_id) ?? 0);
      return {
        ...basics(r),
        remaining: Math.max(0, categoryMax(r) - taken),
        perAccountLeft: Math.max(0, Number(r.max_per_account) - (mine.get(id) ?? 0)),
        deadline: r.deadline,
        ...(r.invitation_code ? { coded: true as const } : {}),
      };
    });
  }

  /**
   * Prices a person's choice: every fee must exist in this conference and be offered to them now.
   * Refusals are 400s with their key ('fees:chooseFee' for an empty choice, spec 5).
   */
  async quote(
    conn: Db | Tx,
    conferenceId: number,
    person: FeePerson,
    picks: Array<{ feeId: number; quantity: number }>,
  ): Promise<QuotedLine[]> {
    if (!picks.length) throw new AppError(400, 'fees:chooseFee');
    for (const p of picks)
      if (!Number.isSafeInteger(p.quantity) || p.quantity < 1) throw new AppError(400, 'fees:quantity');
    if (picks.some((p) => !Number.isSafeInteger(p.feeId) || p.feeId < 1)) throw new AppError(400, 'fees:notFound');
    await this.assertCodeTriesLeft(conferenceId, person);
    const merged = mergeLines(picks);
    const rows = new Map(
      (
        await repo.feesByIds(
          conn,
          conferenceId,
          merged.map((l) => l.feeId),
        )
      ).map((r) => [r.id, r]),
    );
    return Promise.all(
      merged.map(async ({ feeId, quantity }) => {
        const r = rows.get(feeId);
        if (!r) throw new AppError(400, 'fees:notFound');
        const refusal = refusalOf(r, person);
        if (refusal === 'fees:wrongCode') await this.countWrongCode(conferenceId, person);
        if (refusal) throw new AppError(400, refusal);
        const b = basics(r);
        return {
          feeId,
          kind: r.kind,
          categoryZh: b.categoryZh,
          categoryEn: b.categoryEn,
          titleZh: r.title_zh,
          titleEn: r.title_en,
          unit: r.price,
          displayCurrency: r.display.currency,
          display: r.display,
          quantity,
          priceVersion: Number(r.price_version),
        };
      }),
    );
  }

  /** Takes an order's places inside the caller's transaction (places.ts). */
  async hold(
    tx: Tx,
    conferenceId: number,
    order: { orderId: number; userId: number; lines: Array<{ feeId: number; quantity: number }> },
  ): Promise<void> {
    await holdPlaces(tx, conferenceId, order);
  }

  /** Gives an order's places back; answers how many hold rows went (0 the second time). */
  async release(tx: Tx, conferenceId: number, orderId: number): Promise<number> {
    return repo.deleteHolds(tx, conferenceId, orderId);
  }
}

const categoryIdsOf = (rows: repo.Fee[]) => [
  ...new Set(rows.flatMap((r) => (r.category_id == null ? [] : [r.category_id]))),
];
