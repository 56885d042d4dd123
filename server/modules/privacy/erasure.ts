/**
 * Account erasure (issue 32, docs/privacy.md). Confirmed by the person (an e-mail code) or done by
 * a super admin on their request; the confirming transaction writes the request and runs every
 * part's `begin` (sign-in stops, sessions end, single sign-on links go). The erasure itself then
 * runs in short batches, part after part (platform/personalData.ts), each batch its own
 * transaction: a crash stops it after a committed batch, and the next run resumes with the part
 * named in the request's `step` (each part finds its own leftovers). Run by the `privacy.erase`
 * job under its lease, and kicked at once on the instance that took the request.
 */
import type { Db, Tx } from '../../db/index';
import { inTransaction } from '../../db/transaction';
import type { ErasureSubjectView, ErasureView } from '../../contract/privacy';
import { AppError } from '../../platform/errors';
import { logger } from '../../platform/logger';
import type { DataSubject, PersonalDataPart } from '../../platform/personalData';
import type { VerificationCodes } from '../accounts/index';
import { accountsByIds, findAccountByEmail } from '../accounts/index';
import * as repo from './repo';

/** Rows one batch of a part changes at most: a short transaction, a short hold of its locks. */
export const ERASURE_BATCH = 100;

/** The parts in the order the erasure goes through them (accounts last: the others find rows by its e-mail). */
export function erasureOrder(parts: readonly PersonalDataPart[]): PersonalDataPart[] {
  return parts.filter((p) => p.erase).sort((a, b) => (a.order ?? 50) - (b.order ?? 50));
}

export class Erasures {
  /** erasures this process is running now (the kick and the job may meet here) */
  private readonly running = new Set<number>();

  constructor(
    private readonly db: Db,
    private readonly parts: () => readonly PersonalDataPart[],
    private readonly codes: () => VerificationCodes,
  ) {}

  private async subjectOf(userId: number): Promise<DataSubject> {
    const account = (await accountsByIds(this.db, [userId])).get(userId);
    if (!account) throw new AppError(404, 'privacy:personNotFound');
    return { userId, email: account.email, name: account.trueName };
  }

  /** The person's own erasure, confirmed by the code sent to their address. */
  async confirmBySelf(userId: number, code: string, ip: string): Promise<ErasureView> {
    const subject = await this.subjectOf(userId);
    const verified = await this.codes().verify({ email: subject.email, purpose: 'erasureCode', code, ip });
    return this.start(subject, { origin: 'self', requestedBy: userId, note: '' }, async (tx) =>
      this.codes().use(tx, verified),
    );
  }

  /** A super admin's erasure of an account, on the person's request; the e-mail typed again must match. */
  async confirmByAdmin(
    adminId: number,
    input: { userId: number; confirmEmail: string; note: string },
  ): Promise<ErasureView> {
    const subject = await this.subjectOf(input.userId);
    if (subject.email.toLowerCase() !== input.confirmEmail.toLowerCase())
      throw new AppError(400, 'privacy:emailMismatch', { field: 'confirmEmail' });
    return this.start(subject, { origin: 'admin', requestedBy: adminId, note: input.note }, async () => undefined);
  }

  private async start(
    subject: DataSubject,
    how: { origin: 'self' | 'admin'; requestedBy: number; note: string },
    use: (tx: Tx) => Promise<void>,
  ): Promise<ErasureView> {
    const id = await inTransaction(this.db, async (tx) => {
      const current = await repo.latestOfUser(tx, subject.userId);
      if (current?.state === 'erasing') return current.id;
      await use(tx);
      const first = erasureOrder(this.parts())[0]?.name ?? null;
      const created = await repo.insert(tx, {
        user_id: subject.userId,
        origin: how.origin,
        requested_by: how.requestedBy,
        email: subject.email,
        name: subject.name,
        note: how.note,
        step: first,
      });
      for (const part of this.parts()) await part.begin?.(tx, subject);
      return created;
    });
    this.kick(id);
    return repo.present((await repo.find(this.db, id))!);
  }

  /** Runs an erasure now in this process, off the request (the job finishes it if this stops). */
  kick(id: number): void {
    void this.run(id).catch((err) =>
      logger.error({ err, erasure: id }, 'an erasure stopped; the privacy.erase job resumes it'),
    );
  }

  /**
   * Runs an erasure from its current part on, at most `maxBatches` batches of `batchSize` rows;
   * answers whether it is done. Stops at a batch's end when `signal` aborts.
   */
  async run(id: number, maxBatches = Infinity, signal?: AbortSignal, batchSize = ERASURE_BATCH): Promise<boolean> {
    if (this.running.has(id)) return false;
    this.running.add(id);
    try {
      const row = await repo.find(this.db, id);
      if (!row || row.state === 'done') return true;
      const subject: DataSubject = { userId: row.user_id, email: row.email ?? '', name: row.name ?? '' };
      const parts = erasureOrder(this.parts());
      let at = Math.max(
        0,
        parts.findIndex((p) => p.name === row.step),
      );
      let batches = 0;
      for (; at < parts.length; at++) {
        const part = parts[at];
        if (row.step !== part.name) await repo.setStep(this.db, id, part.name);
        row.step = part.name;
        for (;;) {
          if (signal?.aborted || batches >= maxBatches) return false;
          const batch = await part.erase!(subject, batchSize, (tx, conferenceId, kept) =>
            repo.noteConference(tx, id, conferenceId, kept),
          );
          batches++;
          // Files whose rows went with the batch: removed once it committed (the files sweeper
          // removes what a crash here leaves, as it does for any stored file without a row).
          await batch
            .after?.()
            .catch((err) => logger.warn({ err, part: part.name }, 'an erased file could not be removed yet'));
          if (batch.changed <= 0) break;
          await repo.addChanged(this.db, id, batch.changed);
        }
      }
      await repo.finish(this.db, id);
      logger.info({ erasure: id, user: subject.userId }, 'account erased');
      return true;
    } finally {
      this.running.delete(id);
    }
  }

  /** The job's run: every unfinished erasure, a bounded number of batches each. */
  async runPending(signal?: AbortSignal, batchesEach = 200): Promise<void> {
    for (const row of await repo.unfinished(this.db, 20)) {
      if (signal?.aborted) return;
      await this.run(row.id, batchesEach, signal);
    }
  }

  async latestOf(userId: number): Promise<ErasureView | null> {
    const row = await repo.latestOfUser(this.db, userId);
    return row ? repo.present(row) : null;
  }

  async recent(): Promise<ErasureView[]> {
    return (await repo.recent(this.db, 50)).map(repo.present);
  }

  /** The account a super admin means to erase, found by its e-mail. */
  async findSubject(email: string): Promise<ErasureSubjectView> {
    const found = await findAccountByEmail(this.db, email);
    if (!found) throw new AppError(404, 'privacy:personNotFound', { field: 'email' });
    return {
      userId: found.id,
      email: email.toLowerCase(),
      name: found.trueName,
      conferences: 0,
      erasure: await this.latestOf(found.id),
    };
  }

  ofConference(conferenceId: number) {
    return repo.ofConference(this.db, conferenceId, 100);
  }
}
