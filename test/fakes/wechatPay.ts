/**
 * A WeChat Pay API v3 fake (Native payment) for the tests: it checks the merchant's request
 * signatures with the merchant's public key, signs its answers and notifications with a platform
 * key whose certificate it made, and also offers a second platform key under a public key id
 * (PUB_KEY_ID_…), as WeChat does since 2024. Orders live in memory; refunds are keyed by
 * out_refund_no as WeChat keys them.
 */
import crypto from 'node:crypto';
import type http from 'node:http';
import { encryptResource } from '../../server/modules/payments/providers/wechatPay/sign';
import { listen, readBody, type FakeGateway, type FakeNotification, type NotificationFault } from './gateway';
import { rsaKeyPair, selfSignedCertificate, type KeyPair } from './pki';

type Order = {
  state: string;
  amount: number;
  currency: string;
  notifyUrl: string;
  subject: string;
  passback: string;
  transactionId: string;
  refunds: Map<string, number>;
};

export type WechatPayFake = FakeGateway & {
  /** the notification signed with the platform public key (Wechatpay-Serial = its id) instead of the certificate */
  payWithPublicKeyId(attemptNo: string): FakeNotification;
  /** every request the fake refused for its signature */
  refusedRequests: number;
};

const MCHID = '1900000109';
const PUBLIC_KEY_ID = 'PUB_KEY_ID_0119000001092024112500000000000';

export async function startWechatPayFake(): Promise<WechatPayFake> {
  const merchant = rsaKeyPair();
  const platform = rsaKeyPair();
  // A leading digit of 1–7 keeps the serial positive in DER, so it reads back without a 00 in front.
  const serial = crypto.randomBytes(16).toString('hex').toUpperCase().replace(/^./, '5');
  const certificate = selfSignedCertificate(platform, { commonName: 'Tenpay.com Root CA (test)', serialHex: serial });
  const publicKeyPlatform = rsaKeyPair();
  const stranger = rsaKeyPair();
  const apiV3Key = crypto.randomBytes(16).toString('hex');
  const merchantSerial = crypto.randomBytes(8).toString('hex').toUpperCase();
  const orders = new Map<string, Order>();
  let refusedRequests = 0;

  const signed = (keys: KeyPair, name: string, body: string, at = Date.now()) => {
    const timestamp = String(Math.floor(at / 1000));
    const nonce = crypto.randomBytes(16).toString('hex');
    const signature = crypto
      .createSign('RSA-SHA256')
      .update(`${timestamp}\n${nonce}\n${body}\n`)
      .sign(keys.privateKeyPem, 'base64');
    return {
      'Wechatpay-Timestamp': timestamp,
      'Wechatpay-Nonce': nonce,
      'Wechatpay-Signature': signature,
      'Wechatpay-Serial': name,
    };
  };

  function answer(res: http.ServerResponse, status: number, payload?: object): void {
    const body = payload ? JSON.stringify(payload) : '';
    res.writeHead(status, { 'Content-Type': 'application/json', ...signed(platform, serial, body) });
    res.end(body);
  }

  /** The merchant's Authorization header, checked as WeChat checks it. */
  function genuine(req: http.IncomingMessage, body: string): boolean {
    const auth = String(req.headers.authorization ?? '');
    if (!auth.startsWith('WECHATPAY2-SHA256-RSA2048 ')) return false;
    const fields = Object.fromEntries([...auth.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (fields.mchid !== MCHID || fields.serial_no !== merchantSerial) return false;
    if (Math.abs(Date.now() / 1000 - Number(fields.timestamp)) > 300) return false;
    const message = `${req.method}\n${req.url}\n${fields.timestamp}\n${fields.nonce_str}\n${body}\n`;
    return crypto
      .createVerify('RSA-SHA256')
      .update(message)
      .verify(merchant.publicKeyPem, fields.signature ?? '', 'base64');
  }

  const { url, server } = await listen(async (req, res) => {
    const body = await readBody(req);
    if (!genuine(req, body)) {
      refusedRequests++;
      return answer(res, 401, { code: 'SIGN_ERROR', message: '签名错误' });
    }
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const input = body ? JSON.parse(body) : {};
    let m: RegExpExecArray | null;
    if (req.method === 'POST' && path === '/v3/pay/transactions/native') {
      if (orders.has(input.out_trade_no))
        return answer(res, 400, { code: 'INVALID_REQUEST', message: '201 商户订单号重复' });
      if (input.amount?.currency !== 'CNY' || !Number.isSafeInteger(input.amount?.total) || input.amount.total < 1)
        return answer(res, 400, { code: 'PARAM_ERROR', message: '金额错误' });
      orders.set(input.out_trade_no, {
        state: 'NOTPAY',
        amount: input.amount.total,
        currency: 'CNY',
        notifyUrl: input.notify_url,
        subject: input.description,
        passback: input.attach ?? '',
        transactionId: `42000${crypto.randomInt(1e9, 9e9)}${crypto.randomInt(1e9, 9e9)}`,
        refunds: new Map(),
      });
      return answer(res, 200, {
        code_url: `weixin://wxpay/bizpayurl?pr=${crypto.randomBytes(6).toString('base64url')}`,
      });
    }
    if (req.method === 'GET' && (m = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(path))) {
      const order = orders.get(decodeURIComponent(m[1]));
      if (!order) return answer(res, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      return answer(res, 200, transactionOf(decodeURIComponent(m[1]), order));
    }
    if (req.method === 'POST' && (m = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/.exec(path))) {
      const order = orders.get(decodeURIComponent(m[1]));
      if (!order) return answer(res, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      if (order.state === 'SUCCESS' || order.state === 'REFUND')
        return answer(res, 400, { code: 'ORDERPAID', message: '订单已支付' });
      order.state = 'CLOSED';
      return answer(res, 204);
    }
    if (req.method === 'POST' && path === '/v3/refund/domestic/refunds') {
      const order = orders.get(input.out_trade_no);
      if (!order || (order.state !== 'SUCCESS' && order.state !== 'REFUND'))
        return answer(res, 400, { code: 'RESOURCE_NOT_EXISTS', message: '订单不存在或未支付' });
      if (!order.refunds.has(input.out_refund_no)) {
        const refunded = [...order.refunds.values()].reduce((a, b) => a + b, 0);
        if (input.amount.total !== order.amount || refunded + input.amount.refund > order.amount)
          return answer(res, 400, { code: 'INVALID_REQUEST', message: '退款金额超过订单金额' });
        order.refunds.set(input.out_refund_no, input.amount.refund);
        order.state = 'REFUND';
      }
      return answer(res, 200, {
        refund_id: `5030${crypto.randomInt(1e9, 9e9)}`,
        out_refund_no: input.out_refund_no,
        status: 'SUCCESS',
        amount: { refund: order.refunds.get(input.out_refund_no), total: order.amount, currency: 'CNY' },
      });
    }
    answer(res, 404, { code: 'NOT_FOUND', message: path });
  });

  function transactionOf(outTradeNo: string, order: Order, amount = order.amount, currency = order.currency) {
    const paid = order.state === 'SUCCESS' || order.state === 'REFUND';
    return {
      appid: 'wxd678efh567hg6787',
      mchid: MCHID,
      out_trade_no: outTradeNo,
      transaction_id: paid ? order.transactionId : undefined,
      trade_type: 'NATIVE',
      trade_state: order.state,
      attach: order.passback,
      success_time: paid ? new Date().toISOString().replace('Z', '+00:00') : undefined,
      amount: { total: amount, payer_total: paid ? amount : undefined, currency, payer_currency: currency },
    };
  }

  function notification(
    attemptNo: string,
    options: {
      amount?: number;
      currency?: string;
      fault?: NotificationFault;
      keyName?: 'certificate' | 'publicKey';
    } = {},
  ): FakeNotification {
    const order = orders.get(attemptNo);
    if (!order) throw new Error(`the fake knows no order ${attemptNo}`);
    if (order.state === 'CLOSED') throw new Error(`${attemptNo} is closed at the gateway`);
    if (order.state === 'NOTPAY') order.state = 'SUCCESS';
    const resource = encryptResource(
      apiV3Key,
      JSON.stringify(
        transactionOf(attemptNo, order, options.amount ?? order.amount, options.currency ?? order.currency),
      ),
    );
    let body = JSON.stringify({
      id: crypto.randomUUID(),
      create_time: new Date().toISOString(),
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource,
    });
    const at = options.fault === 'stale' ? Date.now() - 10 * 60_000 : Date.now();
    const headers: Record<string, string> =
      options.fault === 'unsigned'
        ? {}
        : options.fault === 'serial'
          ? signed(stranger, 'ABCDEF0123456789ABCDEF0123456789', body, at)
          : options.keyName === 'publicKey'
            ? signed(publicKeyPlatform, PUBLIC_KEY_ID, body, at)
            : signed(platform, serial, body, at);
    // One byte changed after signing: the summary's first letter.
    if (options.fault === 'byte') body = body.replace('"summary":"', '"summary":" ');
    return { url: order.notifyUrl, headers: { ...headers, 'Content-Type': 'application/json' }, body };
  }

  return {
    url,
    get refusedRequests() {
      return refusedRequests;
    },
    config: () => ({
      merchantId: MCHID,
      merchantKey: apiV3Key,
      appId: 'wxd678efh567hg6787',
      merchantSerialNo: merchantSerial,
      privateKey: merchant.privateKeyPem,
      platformCertificate: certificate,
      platformPublicKeyId: PUBLIC_KEY_ID,
      platformPublicKey: publicKeyPlatform.publicKeyPem,
      environment: 'production',
    }),
    order: (attemptNo) => {
      const o = orders.get(attemptNo);
      return (
        o && {
          state: o.state,
          amount: o.amount,
          currency: o.currency,
          notifyUrl: o.notifyUrl,
          subject: o.subject,
          passback: o.passback,
        }
      );
    },
    pay: (attemptNo, options = {}) => notification(attemptNo, options),
    payWithPublicKeyId: (attemptNo) => notification(attemptNo, { keyName: 'publicKey' }),
    expire: (attemptNo) => {
      const o = orders.get(attemptNo);
      if (o && o.state === 'NOTPAY') o.state = 'CLOSED';
    },
    refunds: (attemptNo) =>
      [...(orders.get(attemptNo)?.refunds ?? new Map<string, number>()).entries()].map(([refundNo, amount]) => ({
        refundNo,
        amount,
      })),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
