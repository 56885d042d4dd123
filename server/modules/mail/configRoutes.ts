/**
 * Managers' mail calls: the SMTP settings and their test message, the eleven templates (edit,
 * reset, preview with sample values), and the delivery log with resending a failed message;
 * and their screens, /platform/config/email and /platform/manage/mailLog.
 */
import { Router } from 'express';
import { access, conferenceOf, screen } from '../../platform/access';
import type { Deps } from '../../platform/feature';
import { AppError } from '../../platform/errors';
import { route } from '../../platform/route';
import { fromDbInstant, toDbInstant } from '../../db/dialect';
import { t } from '../../platform/i18n';
import { MAIL_STATUS_GROUPS, mailApi, mailLogQuery, type MailLogFilter, type MailLogMessage, type MailLogPage, type MailLogRow } from '../../contract/mail';
import { filterFromAddress, zoneOffsetOf } from '../../platform/listAddress';
import { whereLocalDays } from '../../platform/overviewFigures';
import type { Db } from '../../db/index';
import { shownError } from './errorClass';
import { withAdmission } from './gate';
import { SAMPLE_VALUES } from './defaultTemplates';
import { preview, resetTemplate, saveTemplate, templates } from './templates';

/**
 * Test messages a conference may send: each one connects to a host a manager typed, so they are
 * few enough that the test call cannot serve to scan a network or time ports.
 */
export const SMTP_TEST_LIMIT = { limit: 10, windowMs: 60 * 60_000 };

const recipientsOf = (row: { to_address: string; bcc_address: string | null }) =>
  [row.to_address, row.bcc_address ?? ''].flatMap((list) => list.split(',')).map((a) => a.trim()).filter(Boolean);

/** Mail whose content managers may not read: verification codes (and old rows of unknown kind, which may be codes). */
const SECRET_KINDS = new Set([null, 'verificationCode']);

/** Keys in links that work for whoever holds them (a reviewer's activation), masked in what managers read. */
const maskKeys = (s: string) => s.replace(/(\/review\/active\/)[A-Za-z0-9_-]{8,}/g, '$1******');

type OutboxRow = Record<string, string | number | null>;

function logRow(r: OutboxRow): MailLogRow {
  const iso = (v: string | null) => fromDbInstant(v)?.toISOString() ?? null;
  return {
    id: Number(r.id),
    to: String(r.to_address || `Bcc: ${r.bcc_address ?? ''}`),
    // Verification codes are secrets: the log shows that a code was sent, not the code.
    subject: String(r.subject).replace(/\b\d{6}\b/g, '******'),
    kind: (r.kind as string | null) ?? null,
    status: String(r.status),
    attempts: Number(r.attempts),
    // A class key (mail:error.*), translated by the screen; never the remote server's text.
    lastError: shownError((r.last_error as string | null) ?? null),
    createdAt: iso(r.created_at as string)!,
    sentAt: iso(r.sent_at as string | null),
  };
}

async function mailMessage(db: Db, conferenceId: number, id: number): Promise<MailLogMessage> {
  const r: OutboxRow | undefined = await db('mail_outbox').where({ id, conference_id: conferenceId }).first();
  if (!r) throw new AppError(404, 'mail:messageNotFound');
  const withheld = SECRET_KINDS.has((r.kind as string | null) ?? null);
  const list = (v: string | number | null) => String(v ?? '').split(',').map((a) => a.trim()).filter(Boolean);
  return {
    ...logRow(r),
    toList: list(r.to_address),
    bccList: list(r.bcc_address),
    html: withheld || r.html_body === null ? null : maskKeys(String(r.html_body)),
    text: withheld ? '' : maskKeys(String(r.text_body ?? '')),
    withheld,
  };
}

async function mailLog(db: Db, conferenceId: number, q: MailLogFilter & { page: number; size: number }, offsetMinutes: number): Promise<MailLogPage> {
  const base = () => {
    const qb = db('mail_outbox').where({ conference_id: conferenceId });
    if (q.status === 'unsent' || q.status === 'delivered') qb.whereIn('status', MAIL_STATUS_GROUPS[q.status]);
    else if (q.status) qb.andWhere({ status: q.status });
    // the days as the overview counts them (mailFigures)
    if (q.from || q.to) whereLocalDays(qb, 'created_at', q, offsetMinutes);
    return qb;
  };
  const total = Number((await base().count<{ n: number }[]>({ n: '*' }).first())?.n ?? 0);
  const rows = await base().orderBy('id', 'desc').limit(q.size).offset((q.page - 1) * q.size);
  return { total, rows: rows.map((r: OutboxRow) => logRow(r)) };
}

export function mailConfigRouter(deps: Deps): Router {
  const { db, smtp } = deps;
  const router = Router();
  const manager = access('manager');

  route(router, mailApi.config, manager, async (_input, req) => smtp.view(conferenceOf(req)));
  route(router, mailApi.saveConfig, manager, async ({ body }, req) => smtp.save(conferenceOf(req), body));
  route(router, mailApi.test, manager, async ({ body: { to, settings } }, req) => {
    // A malformed call is refused before it counts against the test allowance.
    if (!(await deps.limiter.hit(`smtp-test:${conferenceOf(req)}`, SMTP_TEST_LIMIT.limit, SMTP_TEST_LIMIT.windowMs)).allowed) throw new AppError(429, 'mail:testTooMany');
    const { lang } = req.ctx;
    await smtp.test(conferenceOf(req), settings, to, { subject: t(lang, 'mail:testSubject'), body: t(lang, 'mail:testBody') });
    return null;
  });

  route(router, mailApi.templates, manager, async (_input, req) => templates(db, conferenceOf(req)));
  // The kind is checked before the text (destructuring reads params first).
  route(router, mailApi.saveTemplate, manager, async ({ params, body }, req) => {
    await saveTemplate(db, conferenceOf(req), params.kind, body);
    return templates(db, conferenceOf(req));
  });
  route(router, mailApi.resetTemplate, manager, async ({ params }, req) => {
    await resetTemplate(db, conferenceOf(req), params.kind);
    return templates(db, conferenceOf(req));
  });
  route(router, mailApi.preview, manager, ({ params, body }) => {
    // Any known kind previews the same way; an unknown one is refused like the other calls.
    void params;
    const { lang, ...text } = body;
    return preview(text, lang, SAMPLE_VALUES);
  });

  route(router, mailApi.log, manager, async ({ query }, req) => mailLog(db, conferenceOf(req), query, zoneOffsetOf(req)));
  route(router, mailApi.message, manager, async ({ params: { id } }, req) => mailMessage(db, conferenceOf(req), id));
  route(router, mailApi.resend, manager, async ({ params: { id } }, req) => {
    const row = await db('mail_outbox').where({ id, conference_id: conferenceOf(req), status: 'failed' }).first();
    if (!row) throw new AppError(400, 'mail:notFailed');
    // Sending again is sending: the same rule and budget as a new message.
    await withAdmission(await deps.mailGate.admit(conferenceOf(req), recipientsOf(row)), async () => {
      const changed = await db('mail_outbox').where({ id, conference_id: conferenceOf(req), status: 'failed' }).update({ status: 'queued', attempts: 0, next_attempt_at: toDbInstant(), last_error: null, locked_until: null });
      if (!changed) throw new AppError(400, 'mail:notFailed');
    });
    return null;
  });

  return router;
}

export function mailPageRouter({ db, smtp, config, shell }: Deps): Router {
  const router = Router();
  const manager = [screen('manager')] as const;
  router.get('/platform/config/email', ...manager, async (req, res) => {
    const { lang, mobile } = req.ctx;
    await shell.manageScreen(req, res, {
      title: t(lang, 'mail:config.title'),
      island: { island: 'ManageMailConfig', props: { lang, mobile, config: await smtp.view(conferenceOf(req)), templates: await templates(db, conferenceOf(req)), platformSmtp: Boolean(config.SMTP_URL) } },
    });
  });
  router.get('/platform/manage/mailLog', ...manager, async (req, res) => {
    const { lang, mobile } = req.ctx;
    // the address's filter (issue 33: the overview's links), the invalid parts dropped
    const filter = filterFromAddress(mailLogQuery, req.query);
    const initial = await mailLog(db, conferenceOf(req), { ...filter, page: 1, size: 20 }, zoneOffsetOf(req));
    await shell.manageScreen(req, res, { title: t(lang, 'mail:log.title'), island: { island: 'ManageMailLog', props: { lang, mobile, initial, filter } } });
  });
  return router;
}

