/**
 * A UnionPay online gateway 5.1.0 fake for the tests: UnionPay's CA hierarchy (a root, an
 * intermediate and a signing certificate whose CN names 中国银联股份有限公司 as its owner) and the
 * merchant's key (a PKCS#12 file with a password) are made for the run; the conference is given
 * only the root and the intermediate, as UnionPay's kit gives them. `renew()` makes a second
 * signing certificate under the same intermediate and signs with it from then on; `pay()` can
 * also sign with a certificate of another root, an expired one, or one of another owner. The front address
 * takes the browser's signed form and shows a card page; `pay()` plays the payer and returns the
 * signed back notification; queryTrans and backTransReq (refunds, keyed by their orderId) answer
 * signed `k=v&…` bodies carrying signPubKeyCert, as the gateway does. The protocol signs no
 * timestamp, so the fake has no "stale" fault.
 */
import crypto from 'node:crypto';
import type http from 'node:http';
import {
  decimalSerial,
  signatureVerifies,
  signFields,
  type SigningKey,
} from '../../server/modules/payments/providers/unionPay/sign';
import { listen, readBody, type FakeGateway, type FakeNotification, type NotificationFault } from './gateway';
import { issueCertificate, pkcs12Pem, rsaKeyPair, selfSignedCertificate, type Holder } from './pki';

/** Who signs a notification: UnionPay's current certificate, or one the platform must refuse. */
export type UnionPaySigner = 'current' | 'otherRoot' | 'expired' | 'wrongOwner';

const OWNER_CN = (n: number) => `041@Z12@中国银联股份有限公司@0000000${n}`;
const serial = (lead: string) => `${lead}${crypto.randomBytes(7).toString('hex')}`;
const signerOf = (h: Holder) => ({
  key: {
    key: crypto.createPrivateKey(h.keys.privateKeyPem),
    certId: decimalSerial(new crypto.X509Certificate(h.certificatePem).serialNumber),
  } as SigningKey,
  cert: h.certificatePem,
});

type Order = {
  state: string;
  amount: number;
  currencyCode: string;
  txnTime: string;
  backUrl: string;
  subject: string;
  passback: string;
  queryId: string;
  refunds: Map<string, number>;
};

const MER_ID = '777290058110048';
const CURRENCY: Record<string, string> = { '156': 'CNY', '840': 'USD', '392': 'JPY', '978': 'EUR' };

type UnionPayFake = FakeGateway & {
  submitted(attemptNo: string): boolean;
  password: string;
  /** UnionPay renews its signing certificate (same intermediate): notifications and answers are signed with the new one */
  renew(): void;
  pay(
    attemptNo: string,
    options?: { amount?: number; currency?: string; fault?: NotificationFault; signer?: UnionPaySigner },
  ): FakeNotification;
};

export async function startUnionPayFake(): Promise<UnionPayFake> {
  const root = issueCertificate({ commonName: 'CFCA TEST ROOT (fake)', serialHex: serial('1'), ca: true });
  const middle = issueCertificate({
    commonName: 'CFCA TEST OCA1 (fake)',
    serialHex: serial('2'),
    ca: true,
    issuer: root,
  });
  let gateway = signerOf(issueCertificate({ commonName: OWNER_CN(1), serialHex: serial('6'), issuer: middle }));
  // Signers the platform must refuse: the right owner under another root, an expired certificate and another owner under UnionPay's own intermediate.
  const otherRoot = issueCertificate({ commonName: 'Another Root CA', serialHex: serial('1'), ca: true });
  const otherMiddle = issueCertificate({
    commonName: 'CFCA TEST OCA1 (fake)',
    serialHex: serial('2'),
    ca: true,
    issuer: otherRoot,
  });
  const refused: Record<Exclude<UnionPaySigner, 'current'>, ReturnType<typeof signerOf>> = {
    otherRoot: signerOf(issueCertificate({ commonName: OWNER_CN(7), serialHex: serial('7'), issuer: otherMiddle })),
    expired: signerOf(
      issueCertificate({
        commonName: OWNER_CN(8),
        serialHex: serial('8'),
        issuer: middle,
        notBefore: new Date(Date.now() - 400 * 86_400_000),
        notAfter: new Date(Date.now() - 86_400_000),
      }),
    ),
    wrongOwner: signerOf(
      issueCertificate({ commonName: '041@Z12@某某支付有限公司@00000009', serialHex: serial('9'), issuer: middle }),
    ),
  };
  const strangerKeys = rsaKeyPair();
  const stranger = {
    key: { key: crypto.createPrivateKey(strangerKeys.privateKeyPem), certId: '31420' } as SigningKey,
    cert: selfSignedCertificate(strangerKeys, { commonName: 'Not UnionPay', serialHex: '7abc' }),
  };
  const merchantKeys = rsaKeyPair();
  const merchantCert = selfSignedCertificate(merchantKeys, {
    commonName: `${MER_ID} (test)`,
    serialHex: `4${crypto.randomBytes(5).toString('hex')}`,
  });
  const password = `p12-${crypto.randomBytes(4).toString('hex')}`;
  const p12 = pkcs12Pem(merchantKeys, merchantCert, password);
  const orders = new Map<string, Order>();

  /** The merchant's signature, checked with the merchant's certificate, and its certId. */
  const genuine = (fields: Record<string, string>) =>
    signatureVerifies(fields, merchantKeys.publicKeyPem) &&
    fields.certId === decimalSerial(new crypto.X509Certificate(merchantCert).serialNumber) &&
    fields.merId === MER_ID;
  const signed = (fields: Record<string, string>, by = gateway) =>
    signFields({ ...fields, signPubKeyCert: by.cert }, by.key);
  const reply = (res: http.ServerResponse, fields: Record<string, string>) => {
    res.writeHead(200, { 'Content-Type': 'text/plain;charset=UTF-8' });
    res.end(
      new URLSearchParams(
        signed({ version: '5.1.0', encoding: 'UTF-8', signMethod: '01', merId: MER_ID, ...fields }),
      ).toString(),
    );
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
        orders.set(fields.orderId, {
          state: 'submitted',
          amount: Number(fields.txnAmt),
          currencyCode: fields.currencyCode,
          txnTime: fields.txnTime,
          backUrl: fields.backUrl,
          subject: fields.orderDesc ?? '',
          passback: fields.reqReserved ?? '',
          queryId: `${fields.txnTime}${crypto.randomInt(1e5, 9e5)}`,
          refunds: new Map(),
        });
      }
      res.writeHead(200, { 'Content-Type': 'text/html;charset=UTF-8' });
      return res.end(
        `<!doctype html><title>银联在线支付</title><p>${fields.orderId} ¥${Number(fields.txnAmt) / 100}</p><form><input name="card"><button>支付</button></form>`,
      );
    }
    if (path === '/gateway/api/queryTrans.do') {
      const order = orders.get(fields.orderId);
      if (!order || order.txnTime !== fields.txnTime) return reply(res, { respCode: '34', respMsg: '查无此交易' });
      const orig = order.state === 'paid' ? '00' : order.state === 'expired' ? '01' : '05';
      return reply(res, {
        respCode: '00',
        orderId: fields.orderId,
        origRespCode: orig,
        txnAmt: String(order.amount),
        currencyCode: order.currencyCode,
        queryId: order.queryId,
        txnTime: order.txnTime,
      });
    }
    if (path === '/gateway/api/backTransReq.do' && fields.txnType === '04') {
      const order = [...orders.values()].find((o) => o.queryId === fields.origQryId);
      if (!order || order.state !== 'paid') return reply(res, { respCode: '35', respMsg: '原交易不存在或状态不正确' });
      for (const o of orders.values())
        if (o.refunds.has(fields.orderId))
          return reply(res, { respCode: '12', respMsg: '重复交易', orderId: fields.orderId });
      const refunded = [...order.refunds.values()].reduce((a, b) => a + b, 0);
      if (refunded + Number(fields.txnAmt) > order.amount)
        return reply(res, { respCode: '42', respMsg: '退货金额超限' });
      order.refunds.set(fields.orderId, Number(fields.txnAmt));
      return reply(res, { respCode: '00', respMsg: '成功', orderId: fields.orderId, queryId: `R${Date.now()}` });
    }
    reply(res, { respCode: '10', respMsg: '报文格式错误' });
  });

  function notification(
    attemptNo: string,
    options: { amount?: number; currency?: string; fault?: NotificationFault; signer?: UnionPaySigner } = {},
  ): FakeNotification {
    const order = orders.get(attemptNo);
    if (!order) throw new Error(`the fake knows no order ${attemptNo} (was the form posted?)`);
    if (order.state === 'expired') throw new Error(`${attemptNo} is closed at the gateway`);
    order.state = 'paid';
    const currencyCode = options.currency
      ? (Object.keys(CURRENCY).find((c) => CURRENCY[c] === options.currency) ?? '999')
      : order.currencyCode;
    const fields: Record<string, string> = {
      version: '5.1.0',
      encoding: 'UTF-8',
      signMethod: '01',
      accessType: '0',
      bizType: '000201',
      txnType: '01',
      txnSubType: '01',
      merId: MER_ID,
      orderId: attemptNo,
      txnTime: order.txnTime,
      txnAmt: String(options.amount ?? order.amount),
      currencyCode,
      queryId: order.queryId,
      respCode: '00',
      respMsg: 'Success!',
      traceNo: String(crypto.randomInt(1e5, 9e5)),
      traceTime: order.txnTime.slice(4),
      settleDate: order.txnTime.slice(4, 8),
      reqReserved: order.passback,
    };
    const by =
      options.fault === 'serial'
        ? stranger
        : !options.signer || options.signer === 'current'
          ? gateway
          : refused[options.signer];
    let body = new URLSearchParams(options.fault === 'unsigned' ? fields : signed(fields, by)).toString();
    if (options.fault === 'byte') body = body.replace('respMsg=Success', 'respMsg=success');
    return { url: order.backUrl, headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' }, body };
  }

  return {
    url,
    password,
    submitted: (attemptNo) => orders.has(attemptNo),
    config: () => ({
      merchantId: MER_ID,
      payPassword: 'not-used-by-5.1.0',
      terminalNo: '00000001',
      rootCertificate: root.certificatePem,
      middleCertificate: middle.certificatePem,
      privateKeyCertificate: p12,
      certificatePassword: password,
      environment: 'production',
    }),
    renew: () => {
      gateway = signerOf(issueCertificate({ commonName: OWNER_CN(2), serialHex: serial('6'), issuer: middle }));
    },
    order: (attemptNo) => {
      const o = orders.get(attemptNo);
      return (
        o && {
          state: o.state,
          amount: o.amount,
          currency: CURRENCY[o.currencyCode] ?? o.currencyCode,
          notifyUrl: o.backUrl,
          subject: o.subject,
          passback: o.passback,
        }
      );
    },
    pay: (attemptNo, options = {}) => notification(attemptNo, options),
    expire: (attemptNo) => {
      const o = orders.get(attemptNo);
      if (o && o.state !== 'paid') o.state = 'expired';
    },
    refunds: (attemptNo) =>
      [...(orders.get(attemptNo)?.refunds ?? new Map<string, number>()).entries()].map(([refundNo, amount]) => ({
        refundNo,
        amount,
      })),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
