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
import { t } from '../../platform/i18n';
import { mailApi, mailLogQuery } from '../../contract/mail';
import { filterFromAddress, zoneOffsetOf } from '../../platform/listAddress';
import { mailLog, mailMessage, resendMail } from './deliveryLog';
import { SAMPLE_VALUES } from './defaultTemplates';
import { preview, resetTemplate, saveTemplate, templates } from './templates';

/**
 * Test messages a conference may send: each one connects to a host a manager typed, so they are
 * few enough that the test call cannot serve to scan a network or time ports.
 */
export const SMTP_TEST_LIMIT = { limit: 10, windowMs: 60 * 60_000 };

export function mailConfigRouter(deps: Deps): Router {
  const { db, smtp } = deps;
  const router = Router();
  const manager = access('manager');

  route(router, mailApi.config, manager, async (_input, req) => smtp.view(conferenceOf(req)));
  route(router, mailApi.saveConfig, manager, async ({ body }, req) => smtp.save(conferenceOf(req), body));
  route(router, mailApi.test, manager, async ({ body: { to, settings } }, req) => {
    // A malformed call is refused before it counts against the test allowance.
    if (
      !(await deps.limiter.hit(`smtp-test:${conferenceOf(req)}`, SMTP_TEST_LIMIT.limit, SMTP_TEST_LIMIT.windowMs))
        .allowed
    )
      throw new AppError(429, 'mail:testTooMany');
    const { lang } = req.ctx;
    await smtp.test(conferenceOf(req), settings, to, {
      subject: t(lang, 'mail:testSubject'),
      body: t(lang, 'mail:testBody'),
    });
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

  route(router, mailApi.log, manager, async ({ query }, req) =>
    mailLog(db, conferenceOf(req), query, zoneOffsetOf(req)),
  );
  route(router, mailApi.message, manager, async ({ params: { id } }, req) => mailMessage(db, conferenceOf(req), id));
  route(router, mailApi.resend, manager, async ({ params: { id } }, req) => {
    await resendMail(db, deps.mailGate, conferenceOf(req), id);
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
      island: {
        island: 'ManageMailConfig',
        props: {
          lang,
          mobile,
          config: await smtp.view(conferenceOf(req)),
          templates: await templates(db, conferenceOf(req)),
          platformSmtp: Boolean(config.SMTP_URL),
        },
      },
    });
  });
  router.get('/platform/manage/mailLog', ...manager, async (req, res) => {
    const { lang, mobile } = req.ctx;
    // the address's filter (issue 33: the overview's links), the invalid parts dropped
    const filter = filterFromAddress(mailLogQuery, req.query);
    const initial = await mailLog(db, conferenceOf(req), { ...filter, page: 1, size: 20 }, zoneOffsetOf(req));
    await shell.manageScreen(req, res, {
      title: t(lang, 'mail:log.title'),
      island: { island: 'ManageMailLog', props: { lang, mobile, initial, filter } },
    });
  });
  return router;
}
