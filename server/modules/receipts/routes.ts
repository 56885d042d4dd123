/**
 * The receipts API (server/contract/receipts.ts) and screens: one's receipts and their PDF, the
 * invoice request of a paid order (/profile/order/receipt/{orderId}), and the managers' receipt
 * management (/platform/manage/receipt). Thin: the endpoint parses, the guard decides who, the
 * service does the rule.
 */
import { XLSX_TYPE } from '../../platform/xlsx';
import { Router } from 'express';
import { access, conferenceOf, screen, userOf } from '../../platform/access';
import type { Deps } from '../../platform/feature';
import { AppError } from '../../platform/errors';
import { route, SENT } from '../../platform/route';
import { workAsker, workStarted } from '../../platform/work/index';
import { sendAttachment } from '../../platform/download';
import { t } from '../../platform/i18n';
import { receiptsApi } from '../../contract/receipts';
import { documentConference } from '../documents/index';
import { sendPdf } from '../../platform/pdf/send';
import type { ReceiptManagement } from './manage';
import { receiptsExportOf, REQUESTS_AT_ONCE } from './exportWork';
import { identityOf, timeZoneOf } from '../../platform/context';

export function receiptsApiRouter(deps: Deps, management: ReceiptManagement): Router {
  const { receipts, config, work } = deps;
  const router = Router();
  route(router, receiptsApi.mine, access('user', 'conference'), async (_input, req) =>
    receipts.mine(conferenceOf(req), userOf(req)),
  );
  route(router, receiptsApi.pdf, access('user', 'conference'), async ({ params: { id }, query }, req, res) => {
    const { pdf, number } = await receipts.pdf(
      conferenceOf(req),
      userOf(req),
      id,
      documentConference(req, config),
      query.lang ?? req.ctx.lang,
      timeZoneOf(req),
    );
    return sendPdf(res, pdf, `receipt-${number}.pdf`);
  });
  // The order is checked before the body: another person's order is not found, and a closed window is said, whatever was sent.
  route(router, receiptsApi.request, access('user', 'conference'), async (input, req) => {
    const { orderId } = input.params;
    await receipts.check(conferenceOf(req), userOf(req), orderId);
    return receipts.request(conferenceOf(req), userOf(req), orderId, input.body, timeZoneOf(req));
  });
  route(router, receiptsApi.list, access('manager'), async ({ query }, req) =>
    management.list(conferenceOf(req), query),
  );
  route(router, receiptsApi.update, access('manager'), async ({ params: { id }, body }, req) =>
    management.update(conferenceOf(req), id, body),
  );
  // A few hundred requests are written in the pool while the request waits; more are a piece of work (202, exportWork.ts).
  route(router, receiptsApi.excel, access('manager'), async ({ body }, req, res) => {
    const { page: _page, size: _size, ...q } = body;
    if ((await management.exportCount(conferenceOf(req), q)) > REQUESTS_AT_ONCE)
      return workStarted(res, await work.ask(receiptsExportOf(deps), workAsker(req), q));
    const sheet = await management.table(conferenceOf(req), q, req.ctx.lang, timeZoneOf(req));
    sendAttachment(
      res,
      'receipts.xlsx',
      XLSX_TYPE,
      Buffer.from(await work.compute<Uint8Array>(conferenceOf(req), 'platform.table', { sheets: [sheet] })),
    );
    return SENT;
  });
  return router;
}

export function receiptsPageRouter({ receipts, shell, registration }: Deps, management: ReceiptManagement): Router {
  const router = Router();
  router.get('/profile/order/receipt/:orderId', screen('user', 'conference'), async (req, res, next) => {
    const { lang, mobile } = req.ctx;
    const id = Number(req.params.orderId);
    if (!Number.isSafeInteger(id) || id < 1 || id > 2 ** 31) return next();
    let form;
    try {
      form = await receipts.form(conferenceOf(req), userOf(req), id, timeZoneOf(req));
    } catch (err) {
      if (err instanceof AppError && err.status === 404) return next();
      throw err;
    }
    // The form starts from what the platform knows of the person: their registration, else their account.
    const contact = await registration.contactOf(conferenceOf(req), userOf(req));
    const user = identityOf(req)!.user;
    const prefill = {
      name: contact?.name || user.trueName || '',
      phone: contact?.phone ?? '',
      email: contact?.email || user.email || '',
      unit: contact?.unit ?? '',
    };
    await shell.profileScreen(req, res, {
      title: t(lang, 'receipts:requestTitle'),
      island: { island: 'ProfileReceiptRequest', props: { lang, mobile, ...form, prefill } },
    });
  });
  router.get('/platform/manage/receipt', screen('manager'), async (req, res) => {
    const { lang, mobile } = req.ctx;
    const page = await management.list(conferenceOf(req), { page: 1, size: 20 });
    await shell.manageScreen(req, res, {
      title: t(lang, 'receipts:manageTitle'),
      island: { island: 'ManageReceipts', props: { lang, mobile, page } },
    });
  });
  return router;
}
