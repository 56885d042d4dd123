/** What other features ask of mail on a manager's behalf: can this conference send, and send a bulk message. */
import type { Config } from '../../config';
import type { Db } from '../../db/index';
import type { ConferenceSmtp } from './conferenceSmtp';
import type { ConferenceMailGate } from './gate';
import { enqueueManagerBulkMail } from './service';

export class ManagerMail {
  constructor(
    private readonly db: Db,
    private readonly smtp: ConferenceSmtp,
    private readonly gate: ConferenceMailGate,
    private readonly config: Pick<Config, 'SMTP_URL' | 'NODE_ENV'>,
  ) {}

  /** The conference's own mailbox, or the platform's (kept at /_dev/mail outside production). */
  async configured(conferenceId: number): Promise<boolean> {
    return (
      (await this.smtp.isActive(conferenceId)) || Boolean(this.config.SMTP_URL) || this.config.NODE_ENV !== 'production'
    );
  }

  /** One message to many, through the gate (who may be mailed, the day's budget); returns the outbox rows written. */
  sendBulk(conferenceId: number, to: string[], subject: string, text: string, html: string): Promise<number> {
    return enqueueManagerBulkMail(this.gate, this.db, { conferenceId, to, subject, text, html, kind: 'bulk' });
  }
}
