/**
 * The orders API (server/contract/orders.ts): thin handlers — the endpoint parses, the guard
 * decides who, the service does the rule and the transaction.
 */
import { XLSX_TYPE } from '../../platform/xlsx';
import { Router } from 'express';
import { jsonBodyUpTo } from '../../platform/largeBody';
import { AppError } from '../../platform/errors';
import { workAsker, workStarted } from '../../platform/work/index';
import { access, conferenceOf, userOf } from '../../platform/access';
import { timeZoneOf } from '../../platform/context';
import type { Deps } from '../../platform/feature';
import { route, SENT } from '../../platform/route';
import { sendAttachment } from '../../platform/download';
import { ordersApi, STATEMENT_MAX_BYTES, type StatementPreview } from '../../contract/orders';
import type { OrderManagement } from './manage';
import type { StatementImport } from './statement';
import { savedMapping } from './statement';
import { feePerson } from './person';
import { notifyUrlOf } from './notify';
import { refund } from './refunds';
import { ORDERS_AT_ONCE, ordersExportOf } from './exportWork';

/**
 * The statement's body has its own limit (the API's 1 MB would refuse a 2 MB statement): the file's
 * 2 MB and room for JSON's escapes. A larger upload is refused from its declared length, before it is
 * read (and a chunked one as soon as it passes the limit), after the access check.
 */
export const STATEMENT_BODY_LIMIT = Math.ceil(STATEMENT_MAX_BYTES * 1.5);
export const LARGE_BODY_PATHS: readonly string[] = [ordersApi.importStatement.path, ordersApi.previewStatement.path];
const statementBody = jsonBodyUpTo(
  STATEMENT_BODY_LIMIT,
  () => new AppError(413, 'orders:csvTooLarge', { field: 'csv' }),
);

export function ordersApiRouter(deps: Deps, management: OrderManagement, statements: StatementImport): Router {
  const { orders, db } = deps;
  const router = Router();

  route(router, ordersApi.chooseFees, access('attendee'), async ({ body }, req) => {
    const person = await feePerson(deps, req);
    return { orderIds: await orders.chooseFees(conferenceOf(req), person, body, req.ctx.lang) };
  });
  route(router, ordersApi.mine, access('user', 'conference'), async (_input, req) => {
    const mine = await orders.mine(conferenceOf(req), userOf(req));
    return { ...mine, here: await deps.receipts.withInvoices(conferenceOf(req), mine.here) };
  });
  route(router, ordersApi.cancel, access('user', 'conference'), async ({ params: { id } }, req) =>
    orders.cancel(conferenceOf(req), userOf(req), id),
  );
  route(router, ordersApi.remove, access('user', 'conference'), async ({ params: { id } }, req) => {
    await orders.remove(conferenceOf(req), userOf(req), id);
    return null;
  });
  route(router, ordersApi.refresh, access('user', 'conference'), async ({ params: { id } }, req) =>
    orders.refresh(conferenceOf(req), userOf(req), id),
  );
  route(router, ordersApi.update, access('user', 'conference'), async ({ params: { id } }, req) =>
    orders.update(conferenceOf(req), userOf(req), id),
  );
  route(router, ordersApi.pay, access('user', 'conference'), async ({ body }, req) => {
    const base = `${req.protocol}://${req.get('host')}`;
    return deps.orderCheckout.startPayment(conferenceOf(req), userOf(req), body.orderIds, body.method, req.ctx.lang, {
      returnUrl: `${base}/profile/order/pay/goto/result/:attemptNo`,
      notifyUrl: notifyUrlOf(base, body.method),
    });
  });
  route(router, ordersApi.attempt, access('user', 'conference'), async ({ params: { attemptNo } }, req) =>
    deps.orderCheckout.attempt(conferenceOf(req), userOf(req), attemptNo),
  );
  route(router, ordersApi.refreshAttempt, access('user', 'conference'), async ({ params: { attemptNo } }, req) =>
    deps.orderCheckout.refreshAttempt(conferenceOf(req), userOf(req), attemptNo),
  );

  route(router, ordersApi.list, access('manager'), async ({ query }, req) =>
    management.list(conferenceOf(req), query, timeZoneOf(req)),
  );
  route(router, ordersApi.deal, access('manager'), async ({ params: { id }, body }, req) =>
    management.deal(conferenceOf(req), userOf(req), id, body, deps.fees),
  );
  route(router, ordersApi.manageRefresh, access('manager'), async ({ params: { id } }, req) =>
    management.refresh(conferenceOf(req), id),
  );
  route(router, ordersApi.refund, access('manager'), async ({ params: { id }, body }, req) => {
    await refund(db, orders, conferenceOf(req), userOf(req), id, body, `${req.protocol}://${req.get('host')}`);
    return management.one(conferenceOf(req), id);
  });
  // A few hundred orders are written in the pool while the request waits; more are a piece of work (202, exportWork.ts).
  route(router, ordersApi.excel, access('manager'), async ({ body }, req, res) => {
    const { page: _page, size: _size, ...q } = body;
    if ((await management.exportCount(conferenceOf(req), q, timeZoneOf(req))) > ORDERS_AT_ONCE)
      return workStarted(res, await deps.work.ask(ordersExportOf(deps), workAsker(req), q));
    const sheets = await management.sheets(conferenceOf(req), q, req.ctx.lang, timeZoneOf(req));
    sendAttachment(
      res,
      'orders.xlsx',
      XLSX_TYPE,
      Buffer.from(await deps.work.compute<Uint8Array>(conferenceOf(req), 'platform.table', { sheets })),
    );
    return SENT;
  });
  route(router, ordersApi.findItemById, access('manager'), async ({ query }, req) =>
    management.itemsOfUser(conferenceOf(req), query.userId),
  );
  route(router, ordersApi.anomalies, access('manager'), async (_input, req) => management.anomalies(conferenceOf(req)));
  route(router, ordersApi.resolveAnomaly, access('manager'), async ({ params: { id }, body }, req) => {
    await statements.resolve(conferenceOf(req), userOf(req), id, body);
    return management.anomalies(conferenceOf(req));
  });
  route(router, ordersApi.mapping, access('manager'), async (_input, req) => savedMapping(db, conferenceOf(req)));
  // Work with progress (issue 30): 202 at once; the summary is the StatementResult (statement.ts).
  route(router, ordersApi.importStatement, [access('manager'), statementBody], async ({ body }, req, res) =>
    workStarted(res, await deps.work.ask(statements.kind, workAsker(req), body)),
  );
  // The file's columns and how it was read, for the mapping's selects: read in the pool (an .xlsx is unzipped), well under a second.
  route(router, ordersApi.previewStatement, [access('manager'), statementBody], async ({ body }, req) => {
    const read = await deps.work.compute<
      StatementPreview | { error: string; field: string; params?: Record<string, string> }
    >(conferenceOf(req), 'orders.previewStatement', { file: body.file });
    if ('error' in read) throw new AppError(400, read.error, { field: read.field, params: read.params });
    return read;
  });
  return router;
}
