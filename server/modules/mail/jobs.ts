/**
 * The mail feature's periodic job: the outbox worker's drain, every few seconds, on the one
 * instance that holds its lease (each row is still claimed on its own, so a drain that outlives
 * its lease never sends a row twice). When the scheduler stops, the drain ends after the message
 * it is sending.
 */
import type { Db } from '../../db/index';
import type { EventBus } from '../../platform/events';
import type { JobDefinition } from '../../platform/jobs';
import type { MailTransports } from './transport';
import { DEFAULT_INTERVAL_MS, MailWorker } from './worker';

export function mailJobs(db: Db, transports: MailTransports, events?: EventBus): JobDefinition[] {
  // the bus: a message sent or given up tells the managers' overview at once
  const worker = new MailWorker(db, transports, { events });
  return [
    {
      name: 'mail.outbox',
      everyMs: DEFAULT_INTERVAL_MS,
      async run({ signal }) {
        const stop = () => void worker.stop();
        signal.addEventListener('abort', stop, { once: true });
        try {
          await worker.drain();
        } finally {
          signal.removeEventListener('abort', stop);
        }
      },
    },
  ];
}
