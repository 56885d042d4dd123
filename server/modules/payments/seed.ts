/**
 * The demo conferences' payment: bank transfer in the general plan (hotels use it too), so that
 * the demo's fees and hotel bookings can be paid from the first start. Idempotent.
 */
import type { Db } from '../../db/index';
import { inTransaction } from '../../db/transaction';
import * as repo from './repo';

export async function seedDemoPayments(db: Db, conferenceId: number): Promise<void> {
  if ((await repo.findSettings(db, conferenceId)).generalMethods.length) return;
  await inTransaction(db, async (tx) => {
    await repo.writeSettings(tx, conferenceId, {
      generalMethods: ['bankRemit'],
      hotelSeparate: false,
      hotelMethods: [],
      combinedAllowed: true,
    });
    await repo.writeMethod(tx, conferenceId, {
      method: 'bankRemit',
      titleZh: '银行汇款',
      titleEn: 'Bank transfer',
      noteZh: '汇款时请在附言中写明识别码，到账后会务组确认。',
      noteEn: 'Write the reference on the transfer; the Secretariat confirms it when the money arrives.',
      fields: { accountName: '会议组织有限公司（演示）', account: '6222 0000 1111 2222', bankName: '中国银行（演示）' },
      sealedSecrets: null,
    });
  });
}
