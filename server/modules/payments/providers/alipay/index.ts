/**
 * Mobile wallet B: Alipay open platform, face-to-face "precreate" (a QR code the payer scans),
 * public-key mode with RSA2 (sign.ts). Protocol: opendocs.alipay.com/open/02ekfg (alipay.trade.
 * precreate, .query, .close, .refund) and the asynchronous notification (opendocs.alipay.com/open/
 * 194/103296). Amounts are yuan with two decimals, CNY only. The payer's return is never proof of
 * payment: only a verified notification or a query is.
 *
 * The passback data travels in `body` (the trade's description), which precreate keeps and the
 * notification returns; precreate does not document passback_params.
 */
import crypto from 'node:crypto';
import { parseAmount, toDecimalString, type Money } from '../../../../contract/money';
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
import { normalizedKeys } from './keys';
import { rawObjectOf, rsa2Sign, rsa2Verify, signingText } from './sign';

const HOSTS = { production: 'https://openapi.alipay.com', sandbox: 'https://openapi-sandbox.dl.alipaydev.com' };

type Answer = { code: string; msg?: string; sub_code?: string; sub_msg?: string; [key: string]: unknown };

/** 'yyyy-MM-dd HH:mm:ss' in Beijing time, as Alipay's timestamps are written. */
const beijing = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

function amountOf(text: unknown): Money | undefined {
  const parsed = typeof text === 'string' ? parseAmount(text, 'CNY') : null;
  return parsed?.ok ? parsed.money : undefined;
}

/** What a trade status means for the attempt (TRADE_FINISHED: paid, no longer refundable). */
function stateOf(status: unknown): ProviderOutcome['state'] {
  if (status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED') return 'succeeded';
  if (status === 'TRADE_CLOSED') return 'canceled';
  return 'pending';
}

export function alipayProvider(options: { baseUrl?: string } = {}): PaymentProvider {
  /** One call of the gateway; the answer's signature checked with Alipay's public key before it is read. */
  async function api(
    config: MethodConfig,
    method: string,
    biz: object,
    extra: Record<string, string> = {},
  ): Promise<Answer> {
    const params: Record<string, string> = {
      app_id: config.appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: beijing(new Date()),
      version: '1.0',
      ...extra,
      biz_content: JSON.stringify(biz),
    };
    params.sign = rsa2Sign(signingText(params), config.privateKey);
    const res = await gatewayRequest({
      method: 'POST',
      url: `${gatewayBase(HOSTS, config, options.baseUrl)}/gateway.do?charset=utf-8`,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=utf-8' },
      body: new URLSearchParams(params).toString(),
    });
    const key = `${method.replace(/\./g, '_')}_response`;
    const raw = rawObjectOf(res.body, key);
    if (res.status !== 200 || !raw)
      throw new GatewayError(`${method}: HTTP ${res.status}, no ${key}: ${res.body.slice(0, 200)}`, res.status);
    const signature = (JSON.parse(res.body) as { sign?: string }).sign;
    const answer = JSON.parse(raw) as Answer;
    // Errors before the application is known (a bad app_id or signature: code 40001/40002) come unsigned.
    if (!signature)
      throw new GatewayError(
        `${method}: ${answer.code} ${answer.sub_code ?? ''} ${answer.sub_msg ?? answer.msg ?? ''} (unsigned answer)`,
      );
    if (!rsa2Verify(raw, signature, config.alipayPublicKey))
      throw new GatewayError(`${method}: the answer's signature is not Alipay's`);
    return answer;
  }

  const failure = (method: string, a: Answer) =>
    new GatewayError(`${method}: ${a.code} ${a.sub_code ?? ''} ${a.sub_msg ?? a.msg ?? ''}`.trim());

  const query = async (attempt: AttemptRef): Promise<ProviderOutcome> => {
    const a = await api(attempt.config, 'alipay.trade.query', { out_trade_no: attempt.attemptNo });
    // Alipay creates the trade when the code is scanned: not there yet means not paid.
    if (a.sub_code === 'ACQ.TRADE_NOT_EXIST') return { attemptNo: attempt.attemptNo, state: 'pending' };
    if (a.code !== '10000') throw failure('alipay.trade.query', a);
    const state = stateOf(a.trade_status);
    return {
      attemptNo: attempt.attemptNo,
      state,
      amount: state === 'succeeded' ? amountOf(a.total_amount) : undefined,
      providerRef: typeof a.trade_no === 'string' ? a.trade_no : undefined,
    };
  };

  return {
    method: 'walletB',
    online: true,
    ...configOfMethod('walletB'),

    normalizeConfig: normalizedKeys,

    checkConfig(config) {
      if (!/^\d{6,32}$/.test(config.appId)) throw new AppError(400, 'payments:appIdInvalid', { field: 'appId' });
      // The seller's PID, which every notification's seller_id must equal.
      if (!/^2088\d{12}$/.test(config.merchantId))
        throw new AppError(400, 'payments:sellerIdInvalid', { field: 'merchantId' });
      for (const [field, read] of [
        ['privateKey', crypto.createPrivateKey],
        ['alipayPublicKey', crypto.createPublicKey],
      ] as const) {
        try {
          read(config[field]);
        } catch {
          throw new AppError(400, field === 'privateKey' ? 'payments:keyInvalid' : 'payments:certificateUnreadable', {
            field,
          });
        }
      }
    },

    async start(input) {
      if (input.amount.currency !== 'CNY') throw new AppError(400, 'payments:currencyNotSupported');
      const a = await api(
        input.config,
        'alipay.trade.precreate',
        {
          out_trade_no: input.attemptNo,
          total_amount: toDecimalString(input.amount),
          subject: input.subject.slice(0, 256),
          body: input.passback.slice(0, 128),
          seller_id: input.config.merchantId || undefined,
          time_expire: beijing(input.expiresAt),
        },
        { notify_url: input.notifyUrl },
      );
      if (a.code !== '10000' || typeof a.qr_code !== 'string') throw failure('alipay.trade.precreate', a);
      return { kind: 'qr', content: a.qr_code, expiresAt: input.expiresAt.toISOString() };
    },

    async parseNotification(req, config) {
      const params = Object.fromEntries(new URLSearchParams(req.rawBody.toString('utf8')));
      if (!params.sign) throw new NotificationRefused('unsigned');
      if (!rsa2Verify(signingText(params, ['sign', 'sign_type']), params.sign, config.alipayPublicKey))
        throw new NotificationRefused('the signature does not verify');
      if (params.app_id !== config.appId)
        throw new NotificationRefused(`for another application (${String(params.app_id).slice(0, 40)})`);
      // One application may serve several sellers (a service provider's app): the trade must be this conference's seller's.
      if (params.seller_id !== config.merchantId)
        throw new NotificationRefused(`for another seller (${String(params.seller_id).slice(0, 40)})`);
      if (!params.out_trade_no) throw new NotificationRefused('no out_trade_no');
      const state = stateOf(params.trade_status);
      return {
        attemptNo: params.out_trade_no,
        state,
        amount: state === 'succeeded' ? amountOf(params.total_amount) : undefined,
        providerRef: params.trade_no,
        paidAt: params.gmt_payment ? new Date(`${params.gmt_payment.replace(' ', 'T')}+08:00`) : undefined,
      };
    },

    // Alipay retries until it reads exactly "success".
    notificationReply: (ok) => ({ status: 200, contentType: 'text/plain', body: ok ? 'success' : 'fail' }),

    query,

    async close(attempt) {
      const a = await api(attempt.config, 'alipay.trade.close', { out_trade_no: attempt.attemptNo });
      // Never scanned: there is no trade to close, and the code expires by itself.
      if (a.code !== '10000' && a.sub_code !== 'ACQ.TRADE_NOT_EXIST') throw failure('alipay.trade.close', a);
    },

    async refund(attempt, refund) {
      const a = await api(attempt.config, 'alipay.trade.refund', {
        out_trade_no: attempt.attemptNo,
        refund_amount: toDecimalString(refund.amount),
        out_request_no: refund.refundNo,
        refund_reason: refund.reason.slice(0, 256) || undefined,
      });
      if (a.code !== '10000') return { state: 'failed', detail: `${a.sub_code ?? a.code} ${a.sub_msg ?? ''}`.trim() };
      // fund_change N on a repeated out_request_no: the refund was made the first time.
      return {
        state: 'succeeded',
        providerRef: typeof a.trade_no === 'string' ? `${a.trade_no}/${refund.refundNo}` : undefined,
        detail: `fund_change ${String(a.fund_change)}`,
      };
    },
  };
}
