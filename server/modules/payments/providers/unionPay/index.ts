/**
 * Card payment, foreign and domestic: the UnionPay online gateway 5.1.0 (全渠道 网关支付, B2C,
 * bizType 000201). The payer's browser posts a signed form to the front transaction address and
 * pays on UnionPay's pages; the result arrives as a signed back notification (backUrl) and can be
 * asked for (queryTrans, which must repeat the original orderId and txnTime). Refunds are back
 * transactions (txnType 04) against the payment's queryId, their orderId being the refund number,
 * so the same refund sent twice is one refund (the gateway answers 12, "duplicate").
 *
 * The two variants differ in what they take: the domestic one CNY only, the foreign one the
 * currencies below (the acquirer must have opened them). terminalNo and payPassword are the bank's
 * own records: 5.1.0 requests carry neither. There is nothing to close: an unpaid order ends at
 * its payTimeout.
 */
import { money, type Money } from '../../../../contract/money';
import type { MethodConfig } from '../../../../contract/payments';
import { AppError } from '../../../../platform/errors';
import { gatewayRequest } from '../../http';
import {
  gatewayBase,
  GatewayError,
  NotificationRefused,
  type AttemptRef,
  type PaymentProvider,
  type ProviderOutcome,
} from '../../provider';
import { configOfMethod } from '../fields';
import { refusalOf, signFields, signingKeyOf, trustProblem } from './sign';

const HOSTS = { production: 'https://gateway.95516.com', sandbox: 'https://gateway.test.95516.com' };
const PATHS = {
  front: '/gateway/api/frontTransReq.do',
  back: '/gateway/api/backTransReq.do',
  query: '/gateway/api/queryTrans.do',
};

/** ISO 4217 numeric codes of the currencies the foreign variant offers. */
const NUMERIC: Record<string, string> = {
  CNY: '156',
  USD: '840',
  EUR: '978',
  JPY: '392',
  HKD: '344',
  GBP: '826',
  AUD: '036',
  CAD: '124',
  SGD: '702',
  KRW: '410',
  MOP: '446',
  CHF: '756',
  NZD: '554',
  TWD: '901',
};
const CURRENCY_OF = Object.fromEntries(Object.entries(NUMERIC).map(([c, n]) => [n, c]));

/** yyyyMMddHHmmss in Beijing time. */
const stamp = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace(/\D/g, '');

/** The original transaction's result codes: paid, still in process, or ended. */
const PAID = new Set(['00', 'A6']);
const IN_PROCESS = new Set(['03', '04', '05']);

function moneyOf(txnAmt: string | undefined, currencyCode: string | undefined): Money | undefined {
  const currency = CURRENCY_OF[currencyCode ?? ''];
  if (!currency || !txnAmt || !/^\d{1,16}$/.test(txnAmt)) return undefined;
  return money(Number(txnAmt), currency);
}

export function unionPayProvider(
  method: 'cardForeign' | 'cardDomestic',
  options: { baseUrl?: string } = {},
): PaymentProvider {
  const base = (config: MethodConfig) => gatewayBase(HOSTS, config, options.baseUrl);
  const signing = (config: MethodConfig) =>
    signingKeyOf(config.privateKeyCertificate, config.certificatePassword ?? '');
  const common = (config: MethodConfig) => ({
    version: '5.1.0',
    encoding: 'UTF-8',
    signMethod: '01',
    accessType: '0',
    merId: config.merchantId,
  });

  /** A signed back-channel call; the answer (k=v&…) verified with the gateway's certificate. */
  async function call(
    config: MethodConfig,
    path: string,
    fields: Record<string, string>,
  ): Promise<Record<string, string>> {
    const res = await gatewayRequest({
      method: 'POST',
      url: `${base(config)}${path}`,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' },
      body: new URLSearchParams(signFields({ ...common(config), ...fields }, signing(config))).toString(),
    });
    if (res.status !== 200) throw new GatewayError(`${path}: HTTP ${res.status}`, res.status);
    const answer = Object.fromEntries(new URLSearchParams(res.body));
    const refusal = refusalOf(answer, config);
    if (refusal)
      throw new GatewayError(`${path}: the answer is not UnionPay's: ${refusal} (respCode ${answer.respCode ?? '?'})`);
    return answer;
  }

  const currencyCodeOf = (m: Money) => {
    const code = NUMERIC[m.currency];
    if (!code || (method === 'cardDomestic' && m.currency !== 'CNY'))
      throw new AppError(400, 'payments:currencyNotSupported');
    return code;
  };

  async function query(attempt: AttemptRef): Promise<ProviderOutcome> {
    const a = await call(attempt.config, PATHS.query, {
      txnType: '00',
      txnSubType: '00',
      bizType: '000000',
      orderId: attempt.attemptNo,
      txnTime: stamp(attempt.createdAt),
    });
    // 34: no such transaction (the payer never submitted the card page): nothing was paid.
    if (a.respCode === '34' || IN_PROCESS.has(a.respCode)) return { attemptNo: attempt.attemptNo, state: 'pending' };
    if (a.respCode !== '00') throw new GatewayError(`query: respCode ${a.respCode} ${a.respMsg ?? ''}`);
    if (PAID.has(a.origRespCode))
      return {
        attemptNo: attempt.attemptNo,
        state: 'succeeded',
        amount: moneyOf(a.txnAmt, a.currencyCode),
        providerRef: a.queryId,
      };
    if (IN_PROCESS.has(a.origRespCode)) return { attemptNo: attempt.attemptNo, state: 'pending' };
    return { attemptNo: attempt.attemptNo, state: 'failed', providerRef: a.queryId };
  }

  return {
    method,
    online: true,
    ...configOfMethod(method),

    checkConfig(config) {
      const problem = trustProblem(config);
      if (problem) throw new AppError(400, problem.key, { field: problem.field });
      signing(config);
    },

    async start(input) {
      // A configuration saved before the CA certificates were asked for could never confirm the payment: none is begun.
      const problem = trustProblem(input.config);
      if (problem) throw new GatewayError(`cannot start: ${problem.reason}`);
      const fields = signFields(
        {
          ...common(input.config),
          txnType: '01',
          txnSubType: '01',
          bizType: '000201',
          channelType: '07',
          orderId: input.attemptNo,
          txnTime: stamp(input.startedAt),
          payTimeout: stamp(input.expiresAt),
          txnAmt: String(input.amount.amount),
          currencyCode: currencyCodeOf(input.amount),
          frontUrl: input.returnUrl,
          backUrl: input.notifyUrl,
          orderDesc: input.subject.slice(0, 32),
          reqReserved: input.passback.slice(0, 1024),
        },
        signing(input.config),
      );
      return { kind: 'form', action: `${base(input.config)}${PATHS.front}`, fields };
    },

    async parseNotification(req, config, now) {
      const fields = Object.fromEntries(new URLSearchParams(req.rawBody.toString('utf8')));
      // Verified as UnionPay's SDK verifies (sign.ts signerOf): a configuration saved before the
      // root and intermediate certificates were asked for is refused here, never trusted blindly.
      const refusal = refusalOf(fields, config, now);
      if (refusal) throw new NotificationRefused(refusal);
      if (fields.merId !== config.merchantId)
        throw new NotificationRefused(`for another merchant (${String(fields.merId).slice(0, 20)})`);
      // A refund's result (txnType 04) changes no payment here; it is acknowledged.
      if (fields.txnType !== '01') return null;
      const paid = PAID.has(fields.respCode);
      return {
        attemptNo: fields.orderId,
        state: paid ? 'succeeded' : 'failed',
        amount: paid ? moneyOf(fields.txnAmt, fields.currencyCode) : undefined,
        providerRef: fields.queryId,
      };
    },

    notificationReply: (ok) => ({ status: ok ? 200 : 400, contentType: 'text/plain', body: ok ? 'ok' : 'fail' }),

    confirmReturn: (attempt) => query(attempt),
    query,

    async refund(attempt, refund) {
      if (!attempt.providerRef) throw new GatewayError(`${attempt.attemptNo}: no queryId to refund`);
      const a = await call(attempt.config, PATHS.back, {
        txnType: '04',
        txnSubType: '00',
        bizType: '000201',
        channelType: '07',
        orderId: refund.refundNo,
        origQryId: attempt.providerRef,
        txnTime: stamp(new Date()),
        txnAmt: String(refund.amount.amount),
        currencyCode: currencyCodeOf(refund.amount),
        backUrl: refund.notifyUrl ?? '',
      });
      // 00: accepted (UnionPay refunds do not fail once accepted); 12: this refund number was accepted before.
      if (a.respCode === '00' || a.respCode === '12')
        return { state: 'succeeded', providerRef: a.queryId, detail: `respCode ${a.respCode}` };
      return { state: 'failed', detail: `respCode ${a.respCode} ${a.respMsg ?? ''}`.trim() };
    },
  };
}
