/**
 * What a conference may mail on a manager's request (docs/mail.md "Limits"), checked before the
 * request writes anything:
 *
 * - While the conference is not published (anyone can create one, and nobody has reviewed it),
 *   it mails only people who have interacted with it themselves: who signed in to it or created
 *   it, registered themselves, or wrote it feedback (MailAudience). An address a manager typed
 *   (addUser, a new manager) is not enough, or the platform's mailer would relay anyone's mail.
 * - Every conference has a daily budget of recipients (MailBudget), published or not.
 *
 * Every path that enqueues conference mail because a manager asked (addUser, mail to registrants,
 * resending from the log, a feedback reply) and the mail a participant's act sends to managers
 * goes through `admit`; the request gives the places back with `release` if it then fails.
 */
import { AppError } from '../../platform/errors';
import type { MailBudget, Reservation } from './budget';

export type MailAudience = {
  published(conferenceId: number): Promise<boolean>;
  /** Which of these (lower-case) addresses have interacted with the conference themselves. */
  known(conferenceId: number, emails: string[]): Promise<Set<string>>;
};

/**
 * `refuse`: the whole request is refused (400 mail:unpublishedRecipients, 429 mail:budgetExhausted);
 * `withhold`: those recipients get no mail and the request goes on.
 */
export type AdmitPolicy = { unknown: 'refuse' | 'withhold'; budget: 'refuse' | 'withhold' };

export type Admission = {
  /** the recipients to mail (lower-case, once each) */
  to: string[];
  /** why some recipients get no mail: not published and unknown, or the budget is used up */
  withheld: { count: number; reason: 'unpublished' | 'budget' | null };
  /** gives the budget back (once); call it when the request fails after admit */
  release(): Promise<void>;
};

export const STRICT: AdmitPolicy = { unknown: 'refuse', budget: 'refuse' };

export class ConferenceMailGate {
  constructor(
    private readonly audience: MailAudience,
    readonly budget: MailBudget,
  ) {}

  async admit(conferenceId: number, emails: string[], policy: AdmitPolicy = STRICT): Promise<Admission> {
    const unique = [...new Set(emails.map((e) => e.trim().toLowerCase()).filter(Boolean))];
    const published = await this.audience.published(conferenceId);
    let to = unique;
    let withheld: Admission['withheld'] = { count: 0, reason: null };
    if (!published && unique.length) {
      const known = await this.audience.known(conferenceId, unique);
      to = unique.filter((e) => known.has(e));
      const unknown = unique.length - to.length;
      if (unknown && policy.unknown === 'refuse')
        throw new AppError(400, 'mail:unpublishedRecipients', { params: { count: String(unknown) } });
      if (unknown) withheld = { count: unknown, reason: 'unpublished' };
    }
    const reservation = to.length ? await this.budget.reserve(conferenceId, published, to.length) : null;
    if (to.length && !reservation) {
      if (policy.budget === 'refuse')
        throw new AppError(429, 'mail:budgetExhausted', { params: { limit: String(this.budget.limit(published)) } });
      return {
        to: [],
        withheld: { count: withheld.count + to.length, reason: 'budget' },
        release: async () => undefined,
      };
    }
    return { to, withheld, release: this.releaser(reservation) };
  }

  private releaser(reservation: Reservation | null): () => Promise<void> {
    let pending = reservation;
    return async () => {
      const r = pending;
      pending = null;
      if (r) await this.budget.release(r);
    };
  }
}

/** Runs `work` with the admission, giving its budget back when `work` throws. */
export async function withAdmission<T>(admission: Admission, work: (admission: Admission) => Promise<T>): Promise<T> {
  try {
    return await work(admission);
  } catch (err) {
    await admission.release().catch(() => undefined);
    throw err;
  }
}
