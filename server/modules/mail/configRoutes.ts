/**
 * Managers' mail calls: the SMTP settings and their test message, the eleven templates (edit,
 * reset, preview with sample values), and the delivery log with resending a failed message;
 * and their screens, /platform/config/email and /platform/manage/mailLog.
 */
import { Router } from 'express';
import { z } from 'zod';
import { access, conferenceOf, screen } from '../../platform/access';
import type { Deps } from '../../platform/feature';
import { AppError, sendOk } from '../../platform/errors';
import { fromDbInstant, toDbInstant } from '../../db/dialect';
import { parseInput } from '../../platform/validate';
import { t } from '../../platform/i18n';
import { emailField } from '../../contract/validation';
import { LANGS } from '../../contract/enums';
import type { Db } from '../../db/index';


import { mailConfigInput } from './conferenceSmtp';
import { shownError } from './errorClass';
import { withAdmission } from './gate';
import { MAIL_KINDS, SAMPLE_VALUES } from './defaultTemplates';
import { preview, resetTemplate, saveTemplate, templateInput, templates } from './templates';

const CONFIG = '/conference/platform/config/email';
const LOG = '/conference/platform/mail/log';
const kindParam = z.object({ kind: z.enum(MAIL_KINDS, { message: 'mail:kindInvalid' }) });

/**
 * Test messages a conference may send: each one connects to a host a manager typed, so they are
 * few enough that the test call cannot serve to scan a network or time ports.
 */
export const SMTP_TEST_LIMIT = { limit: 10, windowMs: 60 * 60_000 };

const recipientsOf = (row: { to_address: string; bcc_address: string | null }) =>
  [row.to_address, row.bcc_address ?? ''].flatMap((list) => list.split(',')).map((a) => a.trim()).filter(Boolean);

export type MailLogRow = { id: number; to: string; subject: string; kind: string | null; status: string; attempts: number; lastError: string | null; createdAt: string; sentAt: string | null };

async function mailLog(db: Db, conferenceId: number, q: { page: number; size: number; status?: string }): Promise<{ rows: MailLogRow[]; total: number }> {
  const base = () => {
    const qb = db('mail_outbox').where({ conference_id: conferenceId });
    if (q.status) qb.andWhere({ status: q.status });
    return qb;
  };
  const total = Number((await base().count<{ n: number }[]>({ n: '*' }).first())?.n ?? 0);
  const rows = await base().orderBy('id', 'desc').limit(q.size).offset((q.page - 1) * q.size);
  const iso = (v: string | null) => fromDbInstant(v)?.toISOString() ?? null;
  return {
    total,
    rows: rows.map((r: Record<string, string | number | null>) => ({
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
    })),
  };
}

export function mailConfigRouter(deps: Deps): Router {
  const { db, smtp } = deps;
  const router = Router();

  router.get(CONFIG, access('manager'), async (req, res) => sendOk(res, await smtp.view(conferenceOf(req))));
  router.post(CONFIG, access('manager'), async (req, res) => sendOk(res, await smtp.save(conferenceOf(req), parseInput(mailConfigInput, req.body)), 'mail:saved'));
  router.post(`${CONFIG}/test`, access('manager'), async (req, res) => {
    const { to, settings } = parseInput(z.object({ to: emailField, settings: mailConfigInput }), req.body);
    if (!(await deps.limiter.hit(`smtp-test:${conferenceOf(req)}`, SMTP_TEST_LIMIT.limit, SMTP_TEST_LIMIT.windowMs)).allowed) throw new AppError(429, 'mail:testTooMany');
    const { lang } = req.ctx;
    await smtp.test(conferenceOf(req), settings, to, { subject: t(lang, 'mail:testSubject'), body: t(lang, 'mail:testBody') });
    sendOk(res, null, 'mail:testSent');
  });

  router.get(`${CONFIG}/templates`, access('manager'), async (req, res) => sendOk(res, await templates(db, conferenceOf(req))));
  router.post(`${CONFIG}/templates/:kind`, access('manager'), async (req, res) => {
    const { kind } = parseInput(kindParam, req.params);
    await saveTemplate(db, conferenceOf(req), kind, parseInput(templateInput, req.body));
    sendOk(res, await templates(db, conferenceOf(req)), 'mail:saved');
  });
  router.post(`${CONFIG}/templates/:kind/reset`, access('manager'), async (req, res) => {
    const { kind } = parseInput(kindParam, req.params);
    await resetTemplate(db, conferenceOf(req), kind);
    sendOk(res, await templates(db, conferenceOf(req)), 'mail:resetDone');
  });
  router.post(`${CONFIG}/templates/:kind/preview`, access('manager'), (req, res) => {
    parseInput(kindParam, req.params);
    const { lang, ...text } = parseInput(templateInput.extend({ lang: z.enum(LANGS) }), req.body);
    sendOk(res, preview(text, lang, SAMPLE_VALUES));
  });

  router.get(LOG, access('manager'), async (req, res) => {
    const q = parseInput(z.object({ page: z.coerce.number().int().min(1).default(1), size: z.coerce.number().int().min(1).max(100).default(20), status: z.enum(['queued', 'sending', 'sent', 'failed', 'kept']).optional() }), req.query);
    sendOk(res, await mailLog(db, conferenceOf(req), q));
  });
  router.post(`${LOG}/:id/resend`, access('manager'), async (req, res) => {
    const { id } = parseInput(z.object({ id: z.coerce.number().int().positive('commonMsg.notFound') }), req.params);
    const row = await db('mail_outbox').where({ id, conference_id: conferenceOf(req), status: 'failed' }).first();
    if (!row) throw new AppError(400, 'mail:notFailed');
    // Sending again is sending: the same rule and budget as a new message.
    await withAdmission(await deps.mailGate.admit(conferenceOf(req), recipientsOf(row)), async () => {
      const changed = await db('mail_outbox').where({ id, conference_id: conferenceOf(req), status: 'failed' }).update({ status: 'queued', attempts: 0, next_attempt_at: toDbInstant(), last_error: null, locked_until: null });
      if (!changed) throw new AppError(400, 'mail:notFailed');
    });
    sendOk(res, null, 'mail:requeued');
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
    await shell.manageScreen(req, res, { title: t(lang, 'mail:log.title'), island: { island: 'ManageMailLog', props: { lang, mobile, initial: await mailLog(db, conferenceOf(req), { page: 1, size: 20 }) } } });
  });
  return router;
}

