/**
 * The mail worker: every few seconds it sends the outbox's due messages. Each row is claimed with
 * one conditional UPDATE before it is sent, so two workers (or instances) never send a row twice;
 * a claim lasts CLAIM_MS, after which a row left in 'sending' by a crashed worker is taken over.
 * A failed attempt is retried after RETRY_SCHEDULE_MS[attempts - 1]; the MAX_ATTEMPTS-th failure
 * marks the row 'failed'. Nothing escapes the loop: errors are recorded on the row (as a class,
 * mail:error.*) and logged in full for the operator.
 */
import type { Db } from '../../db/index';
import { toDbInstant } from '../../db/dialect';
import { inTransaction } from '../../db/transaction';
import type { EventBus } from '../../platform/events';
import { logger } from '../../platform/logger';
import * as repo from './repo';
import { NO_SMTP_ERROR, type MailTransports, type Transport } from './transport';
import { errorKey, mailErrorClass } from './errorClass';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * The wait after failed attempt n is RETRY_SCHEDULE_MS[n - 1]; the attempt after the last wait
 * is the last one, so a message is tried seven times over about 21 hours before it is failed.
 */
export const RETRY_SCHEDULE_MS: readonly number[] = [
  1 * MINUTE,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  6 * HOUR,
  12 * HOUR,
];
/** After this many failed attempts a message is 'failed' and no longer tried. */
export const MAX_ATTEMPTS = RETRY_SCHEDULE_MS.length + 1;
/** How long a worker's claim on a row lasts. */
export const CLAIM_MS = 2 * MINUTE;
export const DEFAULT_INTERVAL_MS = 5_000;
const BATCH = 50;
const MAX_ERROR_LENGTH = 1000;

const log = logger.child({ module: 'mail' });

export class MailWorker {
  private readonly intervalMs: number;
  private readonly now: () => Date;
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private stopping = false;
  private readonly inFlight = new Set<Promise<number>>();
  private readonly events: EventBus | null;

  constructor(
    private readonly db: Db,
    private readonly transports: MailTransports,
    opts: { intervalMs?: number; now?: () => Date; events?: EventBus } = {},
  ) {
    this.events = opts.events ?? null;
    this.intervalMs = opts.intervalMs ?? DEFAULT_INTERVAL_MS;
    this.now = opts.now ?? (() => new Date());
  }

  /** Drains now, then every intervalMs (counted from the end of the previous drain). */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.stopping = false;
    this.schedule(0);
  }

  /** Stops the timer and waits for a drain in progress (it stops after its current message). */
  async stop(): Promise<void> {
    this.running = false;
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await Promise.allSettled([...this.inFlight]);
    this.stopping = false;
  }

  /** Attempts every due message now (sent, kept or failed); returns how many were attempted. */
  drain(): Promise<number> {
    const run = this.drainDue();
    this.inFlight.add(run);
    const forget = () => this.inFlight.delete(run);
    run.then(forget, forget);
    return run;
  }

  private schedule(delay: number): void {
    this.timer = setTimeout(() => void this.tick(), delay);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    this.timer = null;
    try {
      await this.drain();
    } catch (err) {
      log.error({ err }, 'mail outbox drain failed');
    }
    if (this.running) this.schedule(this.intervalMs);
  }

  private async drainDue(): Promise<number> {
    let attempted = 0;
    const seen = new Set<number>();
    while (!this.stopping) {
      const ids = (await repo.dueMailIds(this.db, toDbInstant(this.now()), BATCH)).filter((id) => !seen.has(id));
      if (ids.length === 0) break;
      for (const id of ids) {
        if (this.stopping) break;
        seen.add(id);
        if (await this.attempt(id)) attempted++;
      }
    }
    return attempted;
  }

  /** One row: claim it, send it, record the outcome. False when another worker had it. */
  private async attempt(id: number): Promise<boolean> {
    const now = this.now();
    const lockedUntil = toDbInstant(new Date(now.getTime() + CLAIM_MS));
    if (!(await repo.claimMail(this.db, id, toDbInstant(now), lockedUntil))) return false;
    const row = await repo.findMail(this.db, id);
    if (!row) return false;
    const conferenceId = row.conference_id;

    let transport: Transport | 'keep' | null;
    let messageId: string;
    try {
      transport = await this.transports.forConference(conferenceId);
      if (transport === 'keep') {
        await this.finish(id, conferenceId, lockedUntil, { status: 'kept' }, 'mail.sent');
        log.info(
          { id, conferenceId, to: row.to_address },
          'mail kept in the outbox (no SMTP server configured): see /_dev/mail',
        );
        return true;
      }
      if (transport === null) throw new Error(NO_SMTP_ERROR);
      ({ messageId } = await transport.send({
        to: row.to_address,
        bcc: row.bcc_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
      }));
    } catch (err) {
      await this.recordFailure(row, lockedUntil, err);
      return true;
    }
    // Sent: should this write fail, the claim runs out and the row is sent again (at least once).
    const recorded = await this.finish(
      id,
      conferenceId,
      lockedUntil,
      {
        status: 'sent',
        sent_at: toDbInstant(this.now()),
        message_id: (messageId ?? '').slice(0, 255) || null,
        last_error: null,
      },
      'mail.sent',
    );
    if (!recorded) log.warn({ id }, 'mail sent after its claim ran out');
    log.info({ id, conferenceId, messageId }, 'mail sent');
    return true;
  }

  /**
   * Records the outcome on the claimed row; a conference's message sent, kept or given up also
   * raises its event in that transaction (the managers' overview counts them), when the worker
   * was given the bus. Answers whether the claim still held.
   */
  private async finish(
    id: number,
    conferenceId: number | null,
    lockedUntil: string,
    changes: Parameters<typeof repo.finishMail>[3],
    event: 'mail.sent' | 'mail.failed' | null,
  ): Promise<boolean> {
    const events = this.events;
    if (!events || !event || conferenceId === null) return repo.finishMail(this.db, id, lockedUntil, changes);
    return inTransaction(this.db, async (tx) => {
      const recorded = await repo.finishMail(tx, id, lockedUntil, changes);
      if (recorded) await events.emit(tx, event, { conferenceId, mailId: id });
      return recorded;
    });
  }

  private async recordFailure(row: repo.Mail, lockedUntil: string, err: unknown): Promise<void> {
    const attempts = Number(row.attempts) + 1;
    // The row (and so a manager's mail log) gets the class only: the remote's greeting or reply
    // may be another service's banner. The operator's log below keeps the details.
    const failure = errorKey(err instanceof Error && err.message === NO_SMTP_ERROR ? 'noSmtp' : mailErrorClass(err));
    const detail =
      (err instanceof Error ? err.message : String(err)).trim().slice(0, MAX_ERROR_LENGTH) || 'Unknown error';
    const gaveUp = attempts >= MAX_ATTEMPTS;
    const next = new Date(this.now().getTime() + (gaveUp ? 0 : RETRY_SCHEDULE_MS[attempts - 1]));
    const conferenceId = row.conference_id;
    await this.finish(
      row.id,
      conferenceId,
      lockedUntil,
      {
        status: gaveUp ? 'failed' : 'queued',
        attempts,
        last_error: failure,
        ...(gaveUp ? {} : { next_attempt_at: toDbInstant(next) }),
      },
      gaveUp ? 'mail.failed' : null,
    );
    const fields = { id: row.id, conferenceId: row.conference_id, attempts, error: failure, detail };
    if (gaveUp) log.error(fields, 'mail failed: no more attempts');
    else log.warn({ ...fields, nextAttemptAt: next.toISOString() }, 'mail attempt failed; will retry');
  }
}
