/**
 * A person's own data (issue 32, docs/privacy.md): what each feature holds about one person, across
 * every conference, and how it forgets them. A feature declares its part in its front door
 * (`personalData` in feature.ts) and keeps its queries in its own folder, so a new feature adds its
 * part where its tables are; the privacy feature only gathers the parts: into the export's zip, and
 * through the erasure's batches.
 */
import type { Tx } from '../db/index';
import { moneyFromColumn } from '../contract/money';

/** The domain of the addresses erased rows are left with: reserved, it can reach no one (RFC 2606). */
export const ERASED_DOMAIN = 'erased.invalid';

/**
 * The address an erased row is left with where an address is required and unique (an account, a
 * registrant, a reviewer): `erased-<what><id>@erased.invalid`; a part tells its erased rows by the domain.
 */
export const erasedAddress = (what: string, id: number) => `erased-${what}${id}@${ERASED_DOMAIN}`;

/** The person: their account id, and the e-mail and name their rows may carry without the id. */
export type DataSubject = { userId: number; email: string; name: string };

/** A file of the person's, put in the export under `files/<part>/<path>`. */
export type PersonalFile = { path: string; read(): Promise<Buffer | null> };

/** A part's share of the export: plain JSON data (rows as the person would read them) and files. */
export type PersonalSection = { data: unknown; files?: PersonalFile[] };

/**
 * What an erasure batch reports to the managers of a conference it touched (in the batch's own
 * transaction, so the report commits with the change): counts of what stays there and why, by a
 * key of the `privacy` namespace's `kept` texts (`paidOrders`, `receipts`...), or nothing.
 */
export type ErasureNote = (tx: Tx, conferenceId: number, kept?: Record<string, number>) => Promise<void>;

export type ErasureBatch = {
  /** rows erased or anonymised by this batch; 0: nothing of the person is left in this part */
  changed: number;
  /** files whose rows were deleted in the batch: removed from the store after its commit */
  after?: () => Promise<void>;
};

export type PersonalDataPart = {
  /** the export's section and the erasure's step (`<feature>` or `<feature>.<what>`) */
  name: string;
  /**
   * When the erasure reaches it: lower first. Accounts go last (100): the other parts find rows by
   * the e-mail that accounts anonymise.
   */
  order?: number;
  export(subject: DataSubject): Promise<PersonalSection>;
  /**
   * One short batch: erases or anonymises at most `limit` of the person's rows, in one transaction
   * of its own (no half-written data), and tells `note` which conferences it touched. Called again
   * until it answers `changed: 0`; it must find its own leftovers (a crash may stop it after any
   * batch, and the erasure resumes with the same part).
   */
  erase?(subject: DataSubject, limit: number, note: ErasureNote): Promise<ErasureBatch>;
  /**
   * Inside the transaction that confirms the erasure: what must stop at once (sign-in, sessions,
   * single sign-on links), before the batches run.
   */
  begin?(tx: Tx, subject: DataSubject): Promise<void>;
};

/**
 * An amount column as the export shows it: the integer minor units the platform keeps (120000 is
 * CNY 1,200.00), read through the money type so a fraction or text is refused rather than rounded.
 */
export function minorUnits(value: unknown, currency: unknown): number {
  return moneyFromColumn(value as number | string, String(currency)).amount;
}
