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
import { CapacityRowMissing, countOf, lockGroups, refuseOverfull } from '../../db/capacity';
import { AppError, tooManyRequests } from '../../platform/errors';
import type { EventBus } from '../../platform/events';
import type { RateLimiter } from '../../platform/rateLimit';
import { equalMoney, moneyFromColumn, type Money } from '../../contract/money';
import { isDevelopingCountry } from '../../contract/developingCountries';
import type { Lang } from '../../contract/enums';
import type { FeeBasics, FeeInput, FeeKind, FeeOffer, FeeSettings, FeeView, LangScope, UserScope } from '../../contract/fees';
import * as repo from './repo';

/** Who asks for fees: the person, their country (English name of countries.ts, '' unknown), the site's language, today in the conference's zone. */
export type FeePerson = { userId: number; country: string; lang: Lang; invitationCode?: string; today: string };

export type QuotedLine = { feeId: number; kind: FeeKind; categoryZh: string; categoryEn: string; titleZh: string; titleEn: string; unit: Money; displayCurrency: string; /** the unit price in the fee's display currency */ display: Money; quantity: number; priceVersion: number };

export type FeeHooks = {
  /** how many unpaid orders hold the fee; the orders feature answers it (until then: the orders holding it at all) */
  unpaidOrdersHolding(conn: Db | Tx, conferenceId: number, feeId: number): Promise<number>;
};

/** Wrong invitation codes a person may try per window (DESIGN.md 5: counters that protect count outside the transaction). */
export const FEE_CODE_LIMIT = { limit: 10, windowMs: 60 * 60_000 };

const basics = (r: repo.FeeWithCategory): FeeBasics => ({
  id: Number(r.id),
  kind: r.kind,
  categoryZh: r.category_zh ?? r.category,
  categoryEn: r.category_en ?? r.category,
  titleZh: r.title_zh,
  titleEn: r.title_en,
  descriptionZh: r.description_zh,
  descriptionEn: r.description_en,
  price: moneyFromColumn(r.price_amount, r.currency),
  display: moneyFromColumn(r.display_price_amount, r.display_currency),
});

/** The category's maximum (the item's own for a row written before categories existed). */
const categoryMax = (r: repo.FeeWithCategory) => Number(r.category_max ?? r.max_total);

const present = (r: repo.FeeWithCategory, used: number, categoryUsed: number): FeeView => ({
  ...basics(r),
  openDate: r.open_date,
  deadline: r.deadline,
  open: Boolean(r.open),
  userScope: r.user_scope as UserScope,
  langScope: r.lang_scope as LangScope,
  invitationCode: r.invitation_code,
  maxTotal: categoryMax(r),
  maxPerAccount: Number(r.max_per_account),
  used,
  categoryUsed,
  priceVersion: Number(r.price_version),
  sort: Number(r.sort),
});

function columnsOf(input: FeeInput, categoryId: number): repo.FeeColumns {
  return {
    kind: input.kind,
    category: input.categoryZh,
    category_id: categoryId,
    title_zh: input.titleZh,
    title_en: input.titleEn,
    description_zh: input.descriptionZh,
    description_en: input.descriptionEn,
    price_amount: input.price.amount,
    currency: input.price.currency,
    display_currency: input.display.currency,
    display_price_amount: input.display.amount,
    open_date: input.openDate,
    deadline: input.deadline,
    open: input.open,
    user_scope: input.userScope,
    lang_scope: input.langScope,
    invitation_code: input.invitationCode,
    max_total: input.maxTotal,
    max_per_account: input.maxPerAccount,
  };
}

/** Equal codes, compared in constant time (digests of equal length, so the length leaks nothing either). */
function sameCode(given: string, code: string): boolean {
  const digest = (s: string) => crypto.createHash('sha256').update(s, 'utf8').digest();
  return crypto.timingSafeEqual(digest(given), digest(code));
}

type Refusal = 'fees:closed' | 'fees:scope' | 'fees:language' | 'fees:wrongCode';

/** Why a fee is not offered to a person now, or null when it is. */
function refusalOf(r: repo.FeeRow, person: FeePerson): Refusal | null {
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
    const used = await repo.usedByFee(this.db, conferenceId, rows.map((r) => Number(r.id)));
    const byCategory = await repo.usedByCategory(this.db, conferenceId, categoryIdsOf(rows));
    return rows.map((r) => present(r, used.get(Number(r.id)) ?? 0, r.category_id == null ? (used.get(Number(r.id)) ?? 0) : (byCategory.get(Number(r.category_id)) ?? 0)));
  }

  async create(conferenceId: number, input: FeeInput): Promise<FeeView[]> {
    await inTransaction(this.db, async (tx) => repo.insertFee(tx, conferenceId, columnsOf(input, await this.categoryFor(tx, conferenceId, input.kind, input))));
    return this.list(conferenceId, input.kind);
  }

  /**
   * The category a saved fee belongs to, found by its Chinese name within the kind, or made: its
   * English name and its shared maximum become the form's. The maximum may not go below the
   * places the category's orders hold ('fees:maxBelowUsed'); the row is locked while it changes.
   */
  private async categoryFor(tx: Tx, conferenceId: number, kind: FeeKind, input: FeeInput): Promise<number> {
    const found = await repo.findCategoryByName(tx, conferenceId, kind, input.categoryZh);
    if (!found) return repo.insertCategory(tx, conferenceId, { kind, name_zh: input.categoryZh, name_en: input.categoryEn, max_total: input.maxTotal });
    const id = Number(found.id);
    await repo.lockCategory(tx, conferenceId, id);
    const used = (await repo.usedByCategory(tx, conferenceId, [id])).get(id) ?? 0;
    if (input.maxTotal < used) throw new AppError(400, 'fees:maxBelowUsed', 'maxTotal', 400, { used: String(used) });
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
  async registerAllowance(conferenceId: number, userId: number): Promise<{ registerPerPerson: number; registerHeld: number }> {
    const [registerPerPerson, registerHeld] = await Promise.all([repo.registerPerPerson(this.db, conferenceId), repo.registerHeldBy(this.db, conferenceId, userId)]);
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
      const priceChanged = !equalMoney(moneyFromColumn(row.price_amount, row.currency), input.price);
      if (priceChanged) {
        const unpaid = await this.hooks.unpaidOrdersHolding(tx, conferenceId, id);
        if (unpaid > 0 && input.confirm !== true) throw new AppError(409, 'fees:priceChangeConfirm', 'price', 409, { unpaidOrders: String(unpaid) });
        columns.price_version = Number(row.price_version) + 1;
      }
      await repo.updateFee(tx, conferenceId, id, columns);
      if (row.category_id != null && Number(row.category_id) !== categoryId) await repo.dropCategoryIfEmpty(tx, conferenceId, Number(row.category_id));
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
      if (row.category_id != null) await repo.dropCategoryIfEmpty(tx, conferenceId, Number(row.category_id));
      return row.kind;
    });
    return this.list(conferenceId, kind);
  }

  /** The fees of a kind in a new order; every id must be a saved fee of that kind ('Must be saved first'). */
  async reorder(conferenceId: number, kind: FeeKind, ids: number[]): Promise<FeeView[]> {
    const known = new Set((await repo.listFees(this.db, conferenceId, kind)).map((r) => Number(r.id)));
    if (new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) throw new AppError(400, 'fees:saveFirst', 'ids');
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
    if (person.invitationCode && (await this.limiter.count(this.codeKey(conferenceId, person.userId))) >= FEE_CODE_LIMIT.limit) throw tooManyRequests();
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
    if (!person.invitationCode) throw new AppError(400, 'fees:codeEmpty', 'invitationCode');
    await this.assertCodeTriesLeft(conferenceId, person);
    const offers = await this.offers(conferenceId, person, kind);
    if (!offers.some((o) => o.coded)) {
      await this.countWrongCode(conferenceId, person);
      throw new AppError(400, 'fees:wrongCode', 'invitationCode');
    }
    return offers.map(({ coded: _coded, ...offer }) => offer);
  }

  private async offers(conferenceId: number, person: FeePerson, kind?: FeeKind): Promise<Array<FeeOffer & { coded?: true }>> {
    const rows = await repo.listFees(this.db, conferenceId, kind);
    const offered = rows.filter((r) => refusalOf(r, person) === null);
    const ids = offered.map((r) => Number(r.id));
    const [used, byCategory, mine] = await Promise.all([repo.usedByFee(this.db, conferenceId, ids), repo.usedByCategory(this.db, conferenceId, categoryIdsOf(offered)), repo.usedByUser(this.db, conferenceId, person.userId, ids)]);
    return offered.map((r) => {
      const id = Number(r.id);
      const taken = r.category_id == null ? (used.get(id) ?? 0) : (byCategory.get(Number(r.category_id)) ?? 0);
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
  async quote(conn: Db | Tx, conferenceId: number, person: FeePerson, picks: Array<{ feeId: number; quantity: number }>): Promise<QuotedLine[]> {
    if (!picks.length) throw new AppError(400, 'fees:chooseFee');
    for (const p of picks) if (!Number.isSafeInteger(p.quantity) || p.quantity < 1) throw new AppError(400, 'fees:quantity');
    if (picks.some((p) => !Number.isSafeInteger(p.feeId) || p.feeId < 1)) throw new AppError(400, 'fees:notFound');
    await this.assertCodeTriesLeft(conferenceId, person);
    const merged = mergeLines(picks);
    const rows = new Map((await repo.feesByIds(conn, conferenceId, merged.map((l) => l.feeId))).map((r) => [Number(r.id), r]));
    return Promise.all(
      merged.map(async ({ feeId, quantity }) => {
        const r = rows.get(feeId);
        if (!r) throw new AppError(400, 'fees:notFound');
        const refusal = refusalOf(r, person);
        if (refusal === 'fees:wrongCode') await this.countWrongCode(conferenceId, person);
        if (refusal) throw new AppError(400, refusal);
        const b = basics(r);
        return { feeId, kind: r.kind, categoryZh: b.categoryZh, categoryEn: b.categoryEn, titleZh: r.title_zh, titleEn: r.title_en, unit: moneyFromColumn(r.price_amount, r.currency), displayCurrency: r.display_currency, display: moneyFromColumn(r.display_price_amount, r.display_currency), quantity, priceVersion: Number(r.price_version) };
      }),
    );
  }

  /**
   * Takes an order's places inside the caller's transaction, through the capacity helper: the fee
   * rows first (a price change or a move to another category waits for this order), then each
   * category's row in id order with its maximum shared by the category's items (409
   * 'fees:soldOut'); then each person's maximum per fee (409 'fees:perAccount') and the number of
   * registration fees a person may hold (409 'fees:registerTaken'), counted through the
   * transaction after the locks. Two orders of one person cannot both be counting: the orders
   * feature lets a person hold one open order of a type (its unique index), and a paid one keeps
   * its holds, so the second registration fee is refused whichever tab asks.
   *
   * The transaction must be one of inTransaction's: on MySQL/MariaDB they run at READ COMMITTED,
   * so the counts read after the locks see every hold committed while this one waited, whatever
   * the transaction read before (server/db/transaction.ts).
   */
  async hold(tx: Tx, conferenceId: number, order: { orderId: number; userId: number; lines: Array<{ feeId: number; quantity: number }> }): Promise<void> {
    const lines = mergeLines(order.lines).sort((a, b) => a.feeId - b.feeId);
    if (!lines.length) throw new AppError(400, 'fees:chooseFee');
    if (lines.some((l) => !Number.isSafeInteger(l.quantity) || l.quantity < 1)) throw new AppError(400, 'fees:quantity');
    let locked: repo.FeeRow[];
    const wanted = new Map<number, number>();
    let categories: repo.CategoryRow[];
    try {
      // The fees first (the parent rows), then their categories, each group by id.
      [locked] = (await lockGroups(tx, [{ table: 'fee_items', where: { conference_id: conferenceId }, by: 'id', keys: lines.map((l) => l.feeId) }])) as [repo.FeeRow[]];
      lines.forEach((l, i) => {
        const category = locked[i].category_id;
        if (category != null) wanted.set(Number(category), (wanted.get(Number(category)) ?? 0) + l.quantity);
      });
      [categories] = (await lockGroups(tx, [{ table: 'fee_categories', where: { conference_id: conferenceId }, by: 'id', keys: [...wanted.keys()] }])) as [repo.CategoryRow[]];
    } catch (err) {
      // A fee deleted (or of another conference) since the quote: the client's mistake, not a bug.
      if (err instanceof CapacityRowMissing) throw new AppError(400, 'fees:notFound');
      throw err;
    }

    const register = lines.reduce((n, l, i) => n + (locked[i].kind === 'register' ? l.quantity : 0), 0);
    if (register) {
      const allowed = await repo.registerPerPerson(tx, conferenceId);
      if ((await repo.registerHeldBy(tx, conferenceId, order.userId, order.orderId)) + register > allowed) throw new AppError(409, 'fees:registerTaken', undefined, 409, { n: String(allowed) });
    }

    // Counted after the locks, through the transaction: a category's maximum is shared by its fees.
    const byCategory = await repo.usedByCategory(tx, conferenceId, [...wanted.keys()]);
    refuseOverfull(categories, {
      taken: (row) => byCategory.get(Number(row.id)) ?? 0,
      limit: (row) => countOf(row.max_total),
      want: (row) => wanted.get(Number(row.id))!,
      refuse: () => new AppError(409, 'fees:soldOut'),
    });

    const ids = lines.map((l) => l.feeId);
    const [used, mine] = await Promise.all([repo.usedByFee(tx, conferenceId, ids), repo.usedByUser(tx, conferenceId, order.userId, ids)]);
    const quantity = new Map(lines.map((l) => [l.feeId, l.quantity]));
    // A fee saved before categories existed counts its own maximum.
    refuseOverfull(locked, {
      taken: (row) => used.get(Number(row.id)) ?? 0,
      limit: (row) => (row.category_id == null ? countOf(row.max_total) : null),
      want: (row) => quantity.get(Number(row.id))!,
      refuse: () => new AppError(409, 'fees:soldOut'),
    });
    refuseOverfull(locked, {
      taken: (row) => mine.get(Number(row.id)) ?? 0,
      limit: (row) => countOf(row.max_per_account),
      want: (row) => quantity.get(Number(row.id))!,
      refuse: () => new AppError(409, 'fees:perAccount'),
    });
    await repo.insertHolds(tx, conferenceId, lines.map((l) => ({ fee_id: l.feeId, order_id: order.orderId, user_id: order.userId, quantity: l.quantity })));
  }

  /** Gives an order's places back; answers how many hold rows went (0 the second time). */
  async release(tx: Tx, conferenceId: number, orderId: number): Promise<number> {
    return repo.deleteHolds(tx, conferenceId, orderId);
  }
}

const categoryIdsOf = (rows: repo.FeeRow[]) => [...new Set(rows.filter((r) => r.category_id != null).map((r) => Number(r.category_id)))];

/** The same fee named twice counts once, with the quantities added. */
function mergeLines(lines: Array<{ feeId: number; quantity: number }>): Array<{ feeId: number; quantity: number }> {
  const byFee = new Map<number, number>();
  for (const l of lines) byFee.set(l.feeId, (byFee.get(l.feeId) ?? 0) + l.quantity);
  return [...byFee].map(([feeId, quantity]) => ({ feeId, quantity }));
}
