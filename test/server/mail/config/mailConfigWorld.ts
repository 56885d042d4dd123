/**
 * The conference mail tests' harness, conference and two real SMTP servers (mailConfigSettings,
 * mailConfigTemplates): one set per test file. The bindings are live, set by useMailServers()'s
 * beforeAll in the file that calls it.
 */
import { afterAll, beforeAll } from 'vitest';
import { createHarness, type Harness } from '../../../helpers/harness';
import { contractSite } from '../../../fixtures/contractSite';
import { loadConfig } from '../../../../server/config';
import { platformTransports } from '../../../../server/modules/mail/transport';
import { MailWorker } from '../../../../server/modules/mail/worker';
import { startSmtpPeer, type SmtpPeer } from '../../mail/smtpPeer';

/** Starts this file's harness before its tests and stops it after. */
export function useMailServers(): void {
  beforeAll(async () => {
    own = await startSmtpPeer(LOGIN);
    platform = await startSmtpPeer();
    // The test servers listen on 127.0.0.1, which a conference's SMTP may not be by default.
    h = await createHarness({ seedDemo: false, allowPrivateSmtp: true });
    cid = await h.provision(contractSite({ slug: 'mail', domains: [host] }));
    manager = await h.login({ email: 'mail-boss@example.org', conferenceId: cid, roles: ['manager'] });
  });
  afterAll(async () => {
    await h?.stop();
    await own?.stop();
    await platform?.stop();
  });
}

export const LOGIN = { user: 'conference@example.org', pass: 'conference-mail-2027' };
export let h: Harness;
export let cid: number;
export let manager: string;
export let own: SmtpPeer;
export let platform: SmtpPeer;
export const host = 'mail.localhost';

export const settings = (change: object = {}) => ({
  email: LOGIN.user,
  password: LOGIN.pass,
  confirmPassword: LOGIN.pass,
  smtpHost: '127.0.0.1',
  port: own.port,
  ssl: false,
  active: true,
  ...change,
});

export function worker() {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: h.testDb.dataDir,
    SECRET: 'test-secret-test-secret-test-secret-0123456789',
    SMTP_URL: platform.url(),
  });
  return new MailWorker(h.db, platformTransports(config, h.smtp));
}
