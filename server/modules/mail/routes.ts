/**
 * GET /_dev/mail: outside production and without SMTP_URL, mail is kept in the outbox instead of
 * being sent (DESIGN.md 7); this page shows it so a newcomer can read a verification code. With
 * SMTP configured, or in production, the page does not exist (404).
 *
 * It shows everyone's codes, so it answers only a client on this machine: judged by the socket's
 * own remote address (never a forwarded header, which anyone can write), and not at all through a
 * proxy (a request carrying forwarded headers), since behind a local reverse proxy every visitor
 * would otherwise arrive from 127.0.0.1.
 */
import { Router, type Request } from 'express';
import type { Config } from '../../config';
import { screen } from '../../platform/access';
import type { Deps } from '../../platform/feature';
import { escapeHtml } from '../../platform/html';
import { listDevMail, type DevMail } from './service';

export const DEV_MAIL_NOTE =
  'Development mail: no SMTP server is configured, so messages are kept here (set SMTP_URL to send them)';

export function devMailEnabled(config: Config): boolean {
  return config.NODE_ENV !== 'production' && !config.SMTP_URL;
}

/** A client on this machine: loopback by the socket's address, and no proxy in between. */
export function isLocalClient(req: Request): boolean {
  const address = req.socket.remoteAddress ?? '';
  const loopback = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/i.test(address);
  const proxied = ['forwarded', 'x-forwarded-for', 'x-real-ip', 'x-forwarded-host'].some(
    (h) => req.headers[h] !== undefined,
  );
  return loopback && !proxied;
}

export function devMailRouter({ db, config }: Pick<Deps, 'db' | 'config'>): Router {
  const router = Router();
  router.get('/_dev/mail', screen('anonymous'), async (req, res) => {
    if (!devMailEnabled(config) || !isLocalClient(req)) return void res.status(404).type('text').send('Not Found');
    const to = typeof req.query.to === 'string' ? req.query.to.trim().slice(0, 254) : '';
    const mails = await listDevMail(db, { to, limit: 100 });
    res.status(200).type('html').setHeader('Cache-Control', 'no-store').setHeader('X-Robots-Tag', 'noindex');
    res.send(renderDevMailPage(mails, to));
  });
  return router;
}

function renderMail(m: DevMail): string {
  const where = m.conferenceId === null ? 'platform' : `conference ${m.conferenceId}`;
  return `<article>
<h2>${escapeHtml(m.subject || '(no subject)')}</h2>
<p class="meta"><time>${escapeHtml(m.createdAt)} UTC</time> · to <a href="?to=${escapeHtml(encodeURIComponent(m.to.split(',')[0].trim()))}">${escapeHtml(m.to)}</a> · ${escapeHtml(where)} · ${escapeHtml(m.status)}</p>
<pre>${escapeHtml(m.text)}</pre>
</article>`;
}

export function renderDevMailPage(mails: DevMail[], to: string): string {
  const filter = to
    ? `<p>Showing mail to <strong>${escapeHtml(to)}</strong>. <a href="/_dev/mail">Show all</a></p>`
    : '';
  const list = mails.length ? mails.map(renderMail).join('\n') : '<p>No messages.</p>';
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Development mail</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #1f2937; }
.note { background: #fef3c7; border: 1px solid #f59e0b; padding: .75rem 1rem; border-radius: 4px; }
article { border-bottom: 1px solid #e5e7eb; padding: 1rem 0; }
h2 { font-size: 1.1rem; margin: 0 0 .25rem; }
.meta { color: #6b7280; margin: 0 0 .5rem; font-size: .9rem; }
pre { white-space: pre-wrap; word-break: break-word; background: #f9fafb; padding: .75rem; margin: 0; }
</style>
</head>
<body>
<p class="note">${escapeHtml(DEV_MAIL_NOTE)}</p>
<h1>Development mail</h1>
<form method="get" action="/_dev/mail"><label>Recipient <input name="to" value="${escapeHtml(to)}"></label> <button>Filter</button></form>
${filter}
<p>The latest ${mails.length === 100 ? '100 ' : ''}kept and queued messages, newest first.</p>
${list}
</body>
</html>
`;
}
