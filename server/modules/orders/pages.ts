/**
 * The order screens (spec 2.10, 2.11): the fee page, my orders, the payment page and its result,
 * the update pages of an order with invalid lines, and the managers' order screen. Each is an
 * island drawn in the personal centre or the management area; the menu highlighting of spec 2.10
 * is the shell's (platform/shell/menus.ts).
 */
import { Router, type Request } from 'express';
import { conferenceOf, screen } from '../../platform/access';
import type { Deps } from '../../platform/feature';
import { AppError } from '../../platform/errors';
import { t } from '../../platform/i18n';
import { ORDER_DESK_TABS, orderIdList, orderQuery } from '../../contract/orders';
import { choiceFromAddress, filterFromAddress } from '../../platform/listAddress';
import { sumMoney } from '../../contract/money';
import type { OrderManagement } from './manage';
import { feePerson } from './person';
import * as repo from './repo';
import { savedMapping } from './statement';
import { identityOf, timeZoneOf } from '../../platform/context';

const userOf = (req: Request) => identityOf(req)!.user.id;

export function ordersPageRouter(deps: Deps, management: OrderManagement): Router {
  const { db, shell, orders, fees, payments } = deps;
  const router = Router();

  // Open to every signed-in person here: one not registered yet sees the countdown to the
  // registration (as the hotel and submission pages do; spec 2.8 "elsewhere"), not /403.
  router.get('/profile/conference/fee', screen('user', 'conference'), async (req, res) => {
    const { lang, mobile } = req.ctx;
    const conferenceId = conferenceOf(req);
    // Fees the conference does not charge at all (registration config: costs not set): spec 8's
    // 'The service has not been opened…', to everyone, registered or not.
    if (!(await deps.registration.feeSettings(conferenceId)).costsSet) {
      await shell.profileScreen(req, res, {
        title: t(lang, 'orders:feeTitle'),
        island: {
          island: 'ProfileFees',
          props: {
            lang,
            mobile,
            offers: [],
            openOrders: { register: null, optional: null },
            serviceOff: true,
            mine: [],
            allowance: { registerPerPerson: 1, registerHeld: 0 },
          },
        },
      });
      return;
    }
    // Registered: the attendee role (what the fee API asks for), or a registration row.
    const registered =
      Boolean(identityOf(req)?.roles.includes('attendee')) ||
      Boolean(await deps.registration.personOf(conferenceId, userOf(req)));
    if (!registered) {
      await shell.profileScreen(req, res, {
        title: t(lang, 'orders:feeTitle'),
        island: {
          island: 'ProfileFees',
          props: {
            lang,
            mobile,
            offers: [],
            openOrders: { register: null, optional: null },
            notRegistered: true,
            mine: [],
            allowance: { registerPerPerson: 1, registerHeld: 0 },
          },
        },
      });
      return;
    }
    // A GET tries no invitation code: a code in the address (a link a manager shared) only fills
    // the field, and the person's Apply tries it by POST (fees tryCode).
    const codeInLink = typeof req.query.invitationCode === 'string' ? req.query.invitationCode.trim().slice(0, 64) : '';
    const person = await feePerson(deps, req);
    const [offers, allowance] = await Promise.all([
      fees.applicable(conferenceId, person),
      fees.registerAllowance(conferenceId, userOf(req)),
    ]);
    const open = await repo.openSlotsOf(db, conferenceId, userOf(req));
    const openOrders = {
      register: open.find((o) => o.type === 'register')?.id ?? null,
      optional: open.find((o) => o.type === 'optional')?.id ?? null,
    };
    // What the person already has of fees (paid, or ordered and open): shown above the choice.
    const feeRows = await repo.feeOrdersShown(db, conferenceId, userOf(req));
    const mine = await orders.views(conferenceId, feeRows);
    await shell.profileScreen(req, res, {
      title: t(lang, 'orders:feeTitle'),
      island: {
        island: 'ProfileFees',
        props: { lang, mobile, offers, codeInLink, openOrders, notRegistered: false, mine, allowance },
      },
    });
  });

  router.get('/profile/order/list', screen('user', 'conference'), async (req, res) => {
    const { lang, mobile } = req.ctx;
    const mine = await orders.mine(conferenceOf(req), userOf(req));
    const withInvoices = { ...mine, here: await deps.receipts.withInvoices(conferenceOf(req), mine.here) };
    await shell.profileScreen(req, res, {
      title: t(lang, 'orders:listTitle'),
      island: { island: 'ProfileOrders', props: { lang, mobile, orders: withInvoices } },
    });
  });

  // The island says why orders cannot be paid (invalid lines, closed, no method configured); a
  // list naming another person's order, or none, is not found.
  router.get('/profile/order/pay/goto/:orderIds', screen('user', 'conference'), async (req, res, next) => {
    const { lang, mobile } = req.ctx;
    const ids = orderIdList.safeParse(String(req.params.orderIds));
    if (!ids.success) return next();
    const rows = await repo.ordersOfUserByIds(db, conferenceOf(req), userOf(req), ids.data);
    if (rows.length !== ids.data.length) return next();
    const list = await orders.views(conferenceOf(req), rows);
    const currency = list[0].total.currency;
    const same = list.filter((o) => o.total.currency === currency);
    const total = sumMoney(
      same.map((o) => ({ amount: o.total.amount - o.paid.amount, currency })),
      currency,
    );
    const plan = list.every((o) => o.type === 'hotel') ? 'hotel' : 'general';
    const methods = await payments.methodsFor(conferenceOf(req), plan);
    await shell.profileScreen(req, res, {
      title: t(lang, 'orders:payTitle'),
      island: { island: 'ProfilePay', props: { lang, mobile, orders: list, total, methods } },
    });
  });

  router.get('/profile/order/pay/goto/result/:billId', screen('user', 'conference'), async (req, res, next) => {
    const { lang, mobile } = req.ctx;
    const billId = String(req.params.billId);
    if (!/^[A-Za-z0-9]{1,32}$/.test(billId)) return next();
    let attempt;
    try {
      attempt = await deps.orderCheckout.attempt(conferenceOf(req), userOf(req), billId);
    } catch (err) {
      if (err instanceof AppError && err.status === 404) return next();
      throw err;
    }
    await shell.profileScreen(req, res, {
      title: t(lang, 'orders:resultTitle'),
      island: { island: 'ProfilePayResult', props: { lang, mobile, attempt } },
    });
  });

  for (const type of ['register', 'optional'] as const) {
    router.get(`/profile/conference/fee/${type}/update/:orderId`, screen('attendee'), async (req, res, next) => {
      const { lang, mobile } = req.ctx;
      const id = Number(req.params.orderId);
      const row = Number.isSafeInteger(id) && id > 0 ? await repo.findOrder(db, conferenceOf(req), id) : undefined;
      if (!row || row.user_id !== userOf(req) || row.type !== type) return next();
      const [order] = await orders.views(conferenceOf(req), [row]);
      await shell.profileScreen(req, res, {
        title: t(lang, 'orders:updateTitle'),
        island: { island: 'ProfileOrderUpdate', props: { lang, mobile, order } },
      });
    });
  }

  router.get('/platform/manage/order', screen('manager'), async (req, res) => {
    const { lang, mobile } = req.ctx;
    const conferenceId = conferenceOf(req);
    // the address's tab and filter (issue 33: the overview's links), the invalid parts dropped
    const filter = filterFromAddress(orderQuery, req.query);
    const tab = choiceFromAddress(req.query, 'tab', ORDER_DESK_TABS, 'orders');
    const [page, anomalies, mapping] = await Promise.all([
      management.list(conferenceId, { ...filter, page: 1, size: 20 }, timeZoneOf(req)),
      management.anomalies(conferenceId),
      savedMapping(db, conferenceId),
    ]);
    await shell.manageScreen(req, res, {
      title: t(lang, 'orders:manageTitle'),
      island: { island: 'ManageOrders', props: { lang, mobile, page, anomalies, mapping, tab, filter } },
    });
  });
  return router;
}
