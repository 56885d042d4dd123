/**
 * A real SMTP server for the mail tests (smtp-server on 127.0.0.1, password login required, no
 * STARTTLS), collecting what it receives parsed by mailparser. It can stop and start again on the
 * same port to play an outage.
 */
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export const SMTP_USER = 'mailer@example.org';
export const SMTP_PASS = 'smtp-test-password';
export const AUTH_ERROR = 'Bad username or password for the test server';

export type SmtpPeer = {
  port: number;
  running: boolean;
  received: ParsedMail[];
  /** the envelope recipients (RCPT TO) of each message received, in the order of `received` */
  envelopes: string[][];
  /** smtp://mailer%40example.org:…@127.0.0.1:port, with other credentials when given */
  url(credentials?: { user: string; pass: string }, query?: string): string;
  start(): Promise<void>;
  stop(): Promise<void>;
};

/** `credentials`: the login the server accepts (the shared test login by default). */
export async function startSmtpPeer(
  credentials: { user: string; pass: string } = { user: SMTP_USER, pass: SMTP_PASS },
): Promise<SmtpPeer> {
  const received: ParsedMail[] = [];
  const envelopes: string[][] = [];
  let server: SMTPServer | null = null;
  let port = 0;

  const create = () =>
    new SMTPServer({
      logger: false,
      secure: false,
      authOptional: false,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      onAuth(auth, _session, callback) {
        if (auth.username === credentials.user && auth.password === credentials.pass)
          return callback(null, { user: auth.username });
        callback(new Error(AUTH_ERROR));
      },
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((mail) => {
            received.push(mail);
            envelopes.push(session.envelope.rcptTo.map((r) => r.address));
            callback();
          })
          .catch((err: Error) => callback(err));
      },
    });

  const peer: SmtpPeer = {
    get port() {
      return port;
    },
    get running() {
      return server !== null;
    },
    received,
    envelopes,
    url(login = credentials, query = '') {
      return `smtp://${encodeURIComponent(login.user)}:${encodeURIComponent(login.pass)}@127.0.0.1:${port}${query}`;
    },
    async start() {
      const next = create();
      await new Promise<void>((resolve, reject) => {
        next.once('error', reject);
        next.listen(port, '127.0.0.1', () => {
          next.off('error', reject);
          resolve();
        });
      });
      // A client hanging up is not a test failure; without a listener it would throw.
      next.on('error', () => undefined);
      port = (next.server.address() as { port: number }).port;
      server = next;
    },
    async stop() {
      const current = server;
      server = null;
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
    },
  };
  await peer.start();
  return peer;
}

/** The six-digit code of the newest mail to `to` that arrives after `since` mails (waits up to 15 s). */
export async function mailedCodeFrom(peer: SmtpPeer, to: string, since: number): Promise<string> {
  for (let i = 0; i < 150; i++) {
    const mail = peer.received
      .slice(since)
      .reverse()
      .find((m) => JSON.stringify(m.to).includes(to));
    const code = mail && /\b(\d{6})\b/.exec(mail.text ?? '')?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no code mailed to ${to}`);
}
