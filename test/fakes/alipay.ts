/**
 * An Alipay open-platform fake (public-key mode, RSA2) for the tests: POST /gateway.do checks the
 * application's signature with its public key and answers `{"<method>_response":{…},"sign":"…"}`
 * signed with "Alipay's" key; precreate gives a qr.alipay.com code; notifications are the form
 * posts Alipay sends. Refunds are keyed by out_request_no, as Alipay keys them. Alipay's
 * notifications carry no signed timestamp and no currency, so the fake has no "stale" fault and
 * no currency override.
 */
import crypto from 'node:crypto';
import type http from 'node:http';
import { toDecimalString, parseAmount } from '../../server/contract/money';
import { rsa2Sign, rsa2Verify, signingText } from '../../server/modules/payments/providers/alipay/sign';
import { listen, readBody, type FakeGateway, type FakeNotification, type NotificationFault } from './gateway';
import { rsaKeyPair } from './pki';

type Trade = {
  state: string;
  amount: number;
  notifyUrl: string;
  subject: string;
  passback: string;
  tradeNo: string;
  refunds: Map<string, number>;
};

const APP_ID = '2021000117600001';
const SELLER = '2088102170000001';

type AlipayFake = FakeGateway & {
  refusedRequests: number;
  /** `seller`: the notification names another seller (signed by Alipay all the same: another merchant's trade under this app) */
  pay(attemptNo: string, options?: { amount?: number; fault?: NotificationFault; seller?: string }): FakeNotification;
};

export async function startAlipayFake(): Promise<AlipayFake> {
  const app = rsaKeyPair();
  const alipay = rsaKeyPair();
  const stranger = rsaKeyPair();
  const trades = new Map<string, Trade>();
  let refusedRequests = 0;
  const cents = (text: string) => {
    const p = parseAmount(String(text), 'CNY');
    return p.ok ? p.money.amount : NaN;
  };

  function answer(res: http.ServerResponse, method: string, payload: object, signed = true): void {
    const raw = JSON.stringify(payload);
    const body = `{"${method.replace(/\./g, '_')}_response":${raw}${signed ? `,"sign":"${rsa2Sign(raw, alipay.privateKeyPem)}"` : ''}}`;
    res.writeHead(200, { 'Content-Type': 'application/json;charset=utf-8' });
    res.end(body);
  }
  const ok = (extra: object) => ({ code: '10000', msg: 'Success', ...extra });
  const err = (sub: string, msg: string) => ({ code: '40004', msg: 'Business Failed', sub_code: sub, sub_msg: msg });

  const { url, server } = await listen(async (req, res) => {
    const params = Object.fromEntries(new URLSearchParams(await readBody(req)));
    const method = params.method ?? 'unknown';
    if (params.app_id !== APP_ID || !rsa2Verify(signingText(params), params.sign ?? '', app.publicKeyPem)) {
      refusedRequests++;
      return answer(
        res,
        method,
        { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: '验签出错' },
        false,
      );
    }
    const biz = JSON.parse(params.biz_content ?? '{}');
    const trade = trades.get(biz.out_trade_no);
    switch (method) {
      case 'alipay.trade.precreate': {
        if (trade) return answer(res, method, err('ACQ.TRADE_HAS_SUCCESS', '交易已存在'));
        const amount = cents(biz.total_amount);
        if (!(amount > 0)) return answer(res, method, err('ACQ.INVALID_PARAMETER', '金额错误'));
        trades.set(biz.out_trade_no, {
          state: 'WAIT_BUYER_PAY',
          amount,
          notifyUrl: params.notify_url,
          subject: biz.subject,
          passback: biz.body ?? '',
          tradeNo: `2026${crypto.randomInt(1e9, 9e9)}${crypto.randomInt(1e9, 9e9)}`,
          refunds: new Map(),
        });
        return answer(
          res,
          method,
          ok({
            out_trade_no: biz.out_trade_no,
            qr_code: `https://qr.alipay.com/bax0${crypto.randomBytes(8).toString('hex')}`,
          }),
        );
      }
      case 'alipay.trade.query':
        // Not scanned yet: Alipay has no trade (it is created at the scan).
        if (!trade || trade.state === 'WAIT_SCAN') return answer(res, method, err('ACQ.TRADE_NOT_EXIST', '交易不存在'));
        return answer(
          res,
          method,
          ok({
            out_trade_no: biz.out_trade_no,
            trade_no: trade.tradeNo,
            trade_status: trade.state,
            total_amount: toDecimalString({ amount: trade.amount, currency: 'CNY' }),
          }),
        );
      case 'alipay.trade.close':
        if (!trade) return answer(res, method, err('ACQ.TRADE_NOT_EXIST', '交易不存在'));
        if (trade.state !== 'WAIT_BUYER_PAY')
          return answer(res, method, err('ACQ.TRADE_STATUS_ERROR', '交易状态不合法'));
        trade.state = 'TRADE_CLOSED';
        return answer(res, method, ok({ out_trade_no: biz.out_trade_no, trade_no: trade.tradeNo }));
      case 'alipay.trade.refund': {
        if (!trade || trade.state !== 'TRADE_SUCCESS')
          return answer(res, method, err('ACQ.TRADE_STATUS_ERROR', '交易状态不合法'));
        const again = trade.refunds.has(biz.out_request_no);
        if (!again) {
          const amount = cents(biz.refund_amount);
          const refunded = [...trade.refunds.values()].reduce((a, b) => a + b, 0);
          if (!(amount > 0) || refunded + amount > trade.amount)
            return answer(res, method, err('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限'));
          trade.refunds.set(biz.out_request_no, amount);
        }
        return answer(
          res,
          method,
          ok({
            out_trade_no: biz.out_trade_no,
            trade_no: trade.tradeNo,
            fund_change: again ? 'N' : 'Y',
            refund_fee: toDecimalString({
              amount: [...trade.refunds.values()].reduce((a, b) => a + b, 0),
              currency: 'CNY',
            }),
          }),
        );
      }
      default:
        return answer(res, method, {
          code: '40004',
          msg: 'Business Failed',
          sub_code: 'isv.invalid-method',
          sub_msg: method,
        });
    }
  });

  function notification(
    attemptNo: string,
    options: { amount?: number; fault?: NotificationFault; seller?: string } = {},
  ): FakeNotification {
    const trade = trades.get(attemptNo);
    if (!trade) throw new Error(`the fake knows no trade ${attemptNo}`);
    if (trade.state === 'TRADE_CLOSED') throw new Error(`${attemptNo} is closed at the gateway`);
    trade.state = 'TRADE_SUCCESS';
    const now = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
    const params: Record<string, string> = {
      notify_time: now,
      notify_type: 'trade_status_sync',
      notify_id: crypto.randomUUID().replace(/-/g, ''),
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      app_id: APP_ID,
      seller_id: options.seller ?? SELLER,
      out_trade_no: attemptNo,
      trade_no: trade.tradeNo,
      trade_status: 'TRADE_SUCCESS',
      subject: trade.subject,
      body: trade.passback,
      total_amount: toDecimalString({ amount: options.amount ?? trade.amount, currency: 'CNY' }),
      receipt_amount: toDecimalString({ amount: options.amount ?? trade.amount, currency: 'CNY' }),
      gmt_payment: now,
    };
    if (options.fault !== 'unsigned')
      params.sign = rsa2Sign(
        signingText(params, ['sign', 'sign_type']),
        (options.fault === 'serial' ? stranger : alipay).privateKeyPem,
      );
    // One byte changed after signing: the seller's id.
    if (options.fault === 'byte') params.seller_id = `${SELLER.slice(0, -1)}2`;
    return {
      url: trade.notifyUrl,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: new URLSearchParams(params).toString(),
    };
  }

  return {
    url,
    get refusedRequests() {
      return refusedRequests;
    },
    config: () => ({
      merchantId: SELLER,
      appId: APP_ID,
      privateKey: app.privateKeyPem,
      alipayPublicKey: alipay.publicKeyPem,
      environment: 'production',
    }),
    order: (attemptNo) => {
      const t = trades.get(attemptNo);
      return (
        t && {
          state: t.state,
          amount: t.amount,
          currency: 'CNY',
          notifyUrl: t.notifyUrl,
          subject: t.subject,
          passback: t.passback,
        }
      );
    },
    pay: (attemptNo, options = {}) => notification(attemptNo, options),
    expire: (attemptNo) => {
      const t = trades.get(attemptNo);
      if (t && t.state === 'WAIT_BUYER_PAY') t.state = 'TRADE_CLOSED';
    },
    refunds: (attemptNo) =>
      [...(trades.get(attemptNo)?.refunds ?? new Map<string, number>()).entries()].map(([refundNo, amount]) => ({
        refundNo,
        amount,
      })),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
