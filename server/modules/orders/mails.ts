/**
 * The order mails, each in the language the person used when they ordered: the payment
 * confirmations (spec 3's "registration payment" and "optional payment" templates, which managers
 * may edit) when an order is paid, and the one reminder before an unpaid order expires.
 * Written to the outbox inside the transaction that paid or claimed the order.
 */
import type { Tx } from '../../db/index';
import { formatMoney } from '../../contract/money';
import type { Lang } from '../../contract/enums';
import { t } from '../../platform/i18n';
import { textIn, zhOrEn } from '../../contract/bilingual';
import { accountsByIds } from '../accounts/index';
import { enqueueConferenceMail, enqueueMail, type MailSite } from '../mail/index';
import { escapeHtml } from '../../platform/html';
import * as repo from './repo';
import { localTime } from '../../platform/localTime';

const langOf = (l: string): Lang => (l === 'en' ? 'en' : 'zh');

/** The payment confirmation of each order type (spec 3's templates; a hotel line's title names the hotel and room). */
const PAID_TEMPLATES: Record<string, 'registrationPayment' | 'optionalPayment' | 'hotelPayment' | undefined> = {
  register: 'registrationPayment',
  optional: 'optionalPayment',
  hotel: 'hotelPayment',
};

export async function paidMails(tx: Tx, conferenceId: number, site: MailSite, orderIds: number[]): Promise<void> {
  const orders = await repo.ordersByIds(tx, conferenceId, orderIds);
  const people = await accountsByIds(
    tx,
    orders.map((o) => o.user_id),
  );
  const items = await repo.itemsOf(tx, conferenceId, orderIds);
  for (const order of orders) {
    const person = people.get(order.user_id);
    const template = PAID_TEMPLATES[order.type];
    if (!person || !template) continue;
    const lang = langOf(order.lang);
    const own = items.filter((i) => i.order_id === order.id);
    const item = own.map((i) => zhOrEn(i.title_zh, i.title_en, lang)).join(', ');
    await enqueueConferenceMail(tx, conferenceId, template, lang, [person.email], {
      hotelName: item,
      conferenceName: textIn(site.name, lang),
      name: person.trueName || person.email,
      email: person.email,
      siteUrl: site.url,
      orderNo: order.order_no,
      item,
      amount: formatMoney(order.paid_amount, lang),
      paidTime: localTime(order.paid_at ?? new Date(), site.timeZone),
    });
  }
}

export async function reminderMail(tx: Tx, conferenceId: number, site: MailSite, order: repo.OrderRow): Promise<void> {
  const person = (await accountsByIds(tx, [order.user_id])).get(order.user_id);
  if (!person) return;
  const lang = langOf(order.lang);
  const vars = {
    conference: textIn(site.name, lang),
    orderNo: order.order_no,
    amount: formatMoney(order.total_amount, lang),
    deadline: localTime(order.deadline_at, site.timeZone),
  };
  const link = `${site.url}/profile/order/list`;
  const body = t(lang, 'orders:reminder.body', vars);
  await enqueueMail(tx, {
    conferenceId,
    to: [person.email],
    subject: t(lang, 'orders:reminder.subject', vars),
    text: `${body}\n\n${link}`,
    html: `<p>${escapeHtml(body)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    kind: 'orderReminder',
  });
}
