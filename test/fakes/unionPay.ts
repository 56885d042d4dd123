/**
 * A UnionPay online gateway 5.1.0 fake for the tests: the gateway's signing key and certificate
 * and the merchant's (a PKCS#12 file with a password) are made for the run. The front address
 * takes the browser's signed form and shows a card page; `pay()` plays the payer and returns the
 * signed back notification; queryTrans and backTransReq (refunds, keyed by their orderId) answer
 * signed `k=v&…` bodies carrying signPubKeyCert, as the gateway does. The protocol signs no
 * timestamp, so the fake has no "stale" fault.
 */
import crypto from 'node:crypto';
import type http from 'node:http';
import { decimalSerial, refusalOf, signFields, type SigningKey } from '../../server/modules/payments/providers/unionPay/sign';
import { listen, readBody, type FakeGateway, type FakeNotification, type NotificationFault } from './gateway';
import { pkcs12Pem, rsaKeyPair, selfSignedCertificate } from './pki';

type Order = { state: string; amount: number; currencyCode: string; txnTime: string; backUrl: string; subject: string; passback: string; queryId: string; refunds: Map<string, number> };

const MER_ID = '777290058110048';
const CURRENCY: Record<string, string> = { '156': 'CNY', '840': 'USD', '392': 'JPY', '978': 'EUR' };

export async function startUnionPayFake(): Promise<FakeGateway & { submitted(attemptNo: string): boolean; password: string }> {
  const gatewayKeys = rsaKeyPair();
  const gatewayCert = selfSignedCertificate(gatewayKeys, { commonName: 'China UnionPay Signature (test)', serialHex: `6${crypto.randomBytes(7).toString('hex')}` });
  const gateway: SigningKey = { key: crypto.createPrivateKey(gatewayKeys.privateKeyPem), certId: decimalSerial(new crypto.X509Certificate(gatewayCert).serialNumber) };
  const strangerKeys = rsaKeyPair();
  const strangerCert = selfSignedCertificate(strangerKeys, { commonName: 'Not UnionPay', serialHex: '7abc' });
  const stranger: SigningKey = { key: crypto.createPrivateKey(strangerKeys.privateKeyPem), certId: '31420' };
  const merchantKeys = rsaKeyPair();
  const merchantCert = selfSignedCertificate(merchantKeys, { commonName: `${MER_ID} (test)`, serialHex: `4${crypto.randomBytes(5).toString('hex')}` });
  const password = `p12-${crypto.randomBytes(4).toString('hex')}`;
  const p12 = pkcs12Pem(merchantKeys, merchantCert, password);
  const orders = new Map<string, Order>();

  /** The merchant's signature, checked with the merchant's certificate, and its certId. */
  const genuine = (fields: Record<string, string>) => refusalOf(fields, merchantCert) === null && fields.certId === decimalSerial(new crypto.X509Certificate(merchantCert).serialNumber) && fields.merId === MER_ID;
  const signed = (fields: Record<string, string>, by = gateway, cert = gatewayCert) => signFields({ ...fields, signPubKeyCert: cert }, by);
  const reply = (res: http.ServerResponse, fields: Record<string, string>) => {
    res.writeHead(200, { 'Content-Type': 'text/plain;charset=UTF-8' });
    res.end(new URLSearchParams(signed({ version: '5.1.0', encoding: 'UTF-8', signMethod: '01', merId: MER_ID, ...fields })).toString());
  };

  const { url, server } = await listen(async (req, res) => {
    const fields = Object.fromEntries(new URLSearchParams(await readBody(req)));
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    if (!genuine(fields)) {
      if (path.endsWith('frontTransReq.do')) {
        res.writeHead(200, { 'Content-Type': 'text/html;charset=UTF-8' });
        return res.end('<!doctype html><title>UnionPay</title><p>验签失败 (6131010)</p>');
      }
      return reply(res, { respCode: '11', respMsg: '验证签名失败' });
    }
    if (path === '/gateway/api/frontTransReq.do') {
      if (!orders.has(fields.orderId)) {
        orders.set(fields.orderId, { state: 'submitted', amount: Number(fields.txnAmt), currencyCode: fields.currencyCode, txnTime: fields.txnTime, backUrl: fields.backUrl, subject: fields.orderDesc ?? '', passback: fields.reqReserved ?? '', queryId: `${fields.txnTime}${crypto.randomInt(1e5, 9e5)}`, refunds: new Map() });
      }
      res.writeHead(200, { 'Content-Type': 'text/html;charset=UTF-8' });
      return res.end(`<!doctype html><title>银联在线支付</title><p>${fields.orderId} ¥${Number(fields.txnAmt) / 100}</p><form><input name="card"><button>支付</button></form>`);
    }
    if (path === '/gateway/api/queryTrans.do') {
      const order = orders.get(fields.orderId);
      if (!order || order.txnTime !== fields.txnTime) return reply(res, { respCode: '34', respMsg: '查无此交易' });
      const orig = order.state === 'paid' ? '00' : order.state === 'expired' ? '01' : '05';
      return reply(res, { respCode: '00', orderId: fields.orderId, origRespCode: orig, txnAmt: String(order.amount), currencyCode: order.currencyCode, queryId: order.queryId, txnTime: order.txnTime });
    }
    if (path === '/gateway/api/backTransReq.do' && fields.txnType === '04') {
      const order = [...orders.values()].find((o) => o.queryId === fields.origQryId);
      if (!order || order.state !== 'paid') return reply(res, { respCode: '35', respMsg: '原交易不存在或状态不正确' });
      for (const o of orders.values()) if (o.refunds.has(fields.orderId)) return reply(res, { respCode: '12', respMsg: '重复交易', orderId: fields.orderId });
      const refunded = [...order.refunds.values()].reduce((a, b) => a + b, 0);
      if (refunded + Number(fields.txnAmt) > order.amount) return reply(res, { respCode: '42', respMsg: '退货金额超限' });
      order.refunds.set(fields.orderId, Number(fields.txnAmt));
      return reply(res, { respCode: '00', respMsg: '成功', orderId: fields.orderId, queryId: `R${Date.now()}` });
    }
    reply(res, { respCode: '10', respMsg: '报文格式错误' });
  });

  function notification(attemptNo: string, options: { amount?: number; currency?: string; fault?: NotificationFault } = {}): FakeNotification {
    const order = orders.get(attemptNo);
    if (!order) throw new Error(`the fake knows no order ${attemptNo} (was the form posted?)`);
    if (order.state === 'expired') throw new Error(`${attemptNo} is closed at the gateway`);
    order.state = 'paid';
    const currencyCode = options.currency ? Object.keys(CURRENCY).find((c) => CURRENCY[c] === options.currency) ?? '999' : order.currencyCode;
    const fields: Record<string, string> = {
      version: '5.1.0', encoding: 'UTF-8', signMethod: '01', accessType: '0', bizType: '000201', txnType: '01', txnSubType: '01', merId: MER_ID, orderId: attemptNo, txnTime: order.txnTime,
      txnAmt: String(options.amount ?? order.amount), currencyCode, queryId: order.queryId, respCode: '00', respMsg: 'Success!', traceNo: String(crypto.randomInt(1e5, 9e5)), traceTime: order.txnTime.slice(4), settleDate: order.txnTime.slice(4, 8), reqReserved: order.passback,
    };
    let body = new URLSearchParams(options.fault === 'unsigned' ? fields : options.fault === 'serial' ? signed(fields, stranger, strangerCert) : signed(fields)).toString();
    if (options.fault === 'byte') body = body.replace('respMsg=Success', 'respMsg=success');
    return { url: order.backUrl, headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' }, body };
  }

  return {
    url,
    password,
    submitted: (attemptNo) => orders.has(attemptNo),
    config: () => ({ merchantId: MER_ID, payPassword: 'not-used-by-5.1.0', terminalNo: '00000001', certificate: gatewayCert, privateKeyCertificate: p12, certificatePassword: password, environment: 'production' }),
    order: (attemptNo) => {
      const o = orders.get(attemptNo);
      return o && { state: o.state, amount: o.amount, currency: CURRENCY[o.currencyCode] ?? o.currencyCode, notifyUrl: o.backUrl, subject: o.subject, passback: o.passback };
    },
    pay: (attemptNo, options = {}) => notification(attemptNo, options),
    expire: (attemptNo) => {
      const o = orders.get(attemptNo);
      if (o && o.state !== 'paid') o.state = 'expired';
    },
    refunds: (attemptNo) => [...(orders.get(attemptNo)?.refunds ?? new Map<string, number>()).entries()].map(([refundNo, amount]) => ({ refundNo, amount })),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
