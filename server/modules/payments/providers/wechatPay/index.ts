/**
 * Mobile wallet A: WeChat Pay API v3, Native payment (the payer scans a QR code). Protocol:
 * pay.weixin.qq.com/docs/merchant/apis/native-payment/ (direct merchant). Amounts are fen (CNY only),
 * every request is signed and every answer verified (sign.ts), notifications are decrypted with the
 * APIv3 key. There is no separate sandbox host for v3: both choices reach api.mch.weixin.qq.com.
 */
import crypto from 'node:crypto';
import { money, type Money } from '../../../../contract/money';
import type { MethodConfig } from '../../../../contract/payments';
import { AppError } from '../../../../platform/errors';
import { gatewayRequest, jsonOf, type GatewayResponse } from '../../http';
import {
  gatewayBase,
  GatewayError,
  NotificationRefused,
  type AttemptRef,
  type PaymentProvider,
  type ProviderOutcome,
} from '../../provider';
import { configOfMethod } from '../fields';
import { authorization, decryptResource, platformKeys, refusalOf, type EncryptedResource } from './sign';

const HOSTS = { production: 'https://api.mch.weixin.qq.com', sandbox: 'https://api.mch.weixin.qq.com' };

type Transaction = {
  out_trade_no: string;
  transaction_id?: string;
  trade_state: 'SUCCESS' | 'REFUND' | 'NOTPAY' | 'CLOSED' | 'REVOKED' | 'USERPAYING' | 'PAYERROR';
  amount?: { total?: number; payer_total?: number; currency?: string };
  success_time?: string;
  attach?: string;
};

/** time_expire: RFC 3339 with the +08:00 offset WeChat documents. */
const rfc3339 = (at: Date) => `${new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`;

/** What a transaction's state means for the attempt. REFUND: it was paid (and then refunded). */
function outcomeOf(t: Transaction): ProviderOutcome {
  const paid = t.trade_state === 'SUCCESS' || t.trade_state === 'REFUND';
  const state = paid
    ? 'succeeded'
    : t.trade_state === 'CLOSED' || t.trade_state === 'REVOKED'
      ? 'canceled'
      : t.trade_state === 'PAYERROR'
        ? 'failed'
        : 'pending';
  const amount: Money | undefined =
    paid && t.amount?.total !== undefined ? money(t.amount.total, t.amount.currency ?? 'CNY') : undefined;
  return {
    attemptNo: t.out_trade_no,
    state,
    amount,
    providerRef: t.transaction_id,
    paidAt: t.success_time ? new Date(t.success_time) : undefined,
  };
}

export function wechatPayProvider(options: { baseUrl?: string } = {}): PaymentProvider {
  const base = (config: MethodConfig) => gatewayBase(HOSTS, config, options.baseUrl);

  /** A signed call; its answer verified with the platform's key before it is believed. */
  async function api(
    config: MethodConfig,
    method: 'GET' | 'POST',
    path: string,
    payload?: object,
  ): Promise<GatewayResponse> {
    const body = payload ? JSON.stringify(payload) : '';
    const res = await gatewayRequest({
      method,
      url: `${base(config)}${path}`,
      headers: {
        Authorization: authorization(config, method, path, body),
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'User-Agent': 'conference-platform',
      },
      body: payload ? body : undefined,
    });
    if (res.status >= 400) {
      const error = res.body ? jsonOf<{ code?: string; message?: string }>(res, path) : {};
      throw new GatewayError(
        `${method} ${path}: HTTP ${res.status} ${error.code ?? ''} ${error.message ?? ''}`.trim(),
        res.status,
      );
    }
    const headers = Object.fromEntries([...res.headers.entries()]);
    const refusal = refusalOf(config, headers, res.body, Date.now());
    if (refusal) throw new GatewayError(`${method} ${path}: the answer is not WeChat Pay's: ${refusal}`);
    return res;
  }

  const query = async (attempt: AttemptRef): Promise<ProviderOutcome> => {
    try {
      const res = await api(
        attempt.config,
        'GET',
        `/v3/pay/transactions/out-trade-no/${encodeURIComponent(attempt.attemptNo)}?mchid=${encodeURIComponent(attempt.config.merchantId)}`,
      );
      return outcomeOf(jsonOf<Transaction>(res, 'query'));
    } catch (err) {
      // Not created at WeChat (the start failed after the attempt was written): nothing was paid.
      if (err instanceof GatewayError && err.status === 404) return { attemptNo: attempt.attemptNo, state: 'pending' };
      throw err;
    }
  };

  return {
    method: 'walletA',
    online: true,
    ...configOfMethod('walletA'),

    checkConfig(config) {
      try {
        crypto.createPrivateKey(config.privateKey);
      } catch {
        throw new AppError(400, 'payments:keyInvalid', { field: 'privateKey' });
      }
      if (Buffer.byteLength(config.merchantKey, 'utf8') !== 32)
        throw new AppError(400, 'payments:apiV3KeyLength', { field: 'merchantKey' });
      if (!config.platformCertificate && !(config.platformPublicKey && config.platformPublicKeyId))
        throw new AppError(400, 'payments:platformKeyRequired', { field: 'platformCertificate' });
      if (config.platformPublicKeyId && !/^PUB_KEY_ID_\w+$/.test(config.platformPublicKeyId))
        throw new AppError(400, 'payments:publicKeyIdInvalid', { field: 'platformPublicKeyId' });
      try {
        platformKeys(config);
      } catch {
        throw new AppError(400, 'payments:certificateUnreadable', {
          field: config.platformCertificate ? 'platformCertificate' : 'platformPublicKey',
        });
      }
    },

    async start(input) {
      if (input.amount.currency !== 'CNY') throw new AppError(400, 'payments:currencyNotSupported');
      const res = await api(input.config, 'POST', '/v3/pay/transactions/native', {
        appid: input.config.appId,
        mchid: input.config.merchantId,
        description: input.subject.slice(0, 127),
        out_trade_no: input.attemptNo,
        time_expire: rfc3339(input.expiresAt),
        attach: input.passback.slice(0, 128),
        notify_url: input.notifyUrl,
        amount: { total: input.amount.amount, currency: 'CNY' },
      });
      const { code_url: content } = jsonOf<{ code_url?: string }>(res, 'native');
      if (!content) throw new GatewayError('native: no code_url in the answer');
      return { kind: 'qr', content, expiresAt: input.expiresAt.toISOString() };
    },

    async parseNotification(req, config, now) {
      const body = req.rawBody.toString('utf8');
      const refusal = refusalOf(config, req.headers, body, now.getTime());
      if (refusal) throw new NotificationRefused(refusal);
      let event: { event_type?: string; resource?: EncryptedResource };
      let transaction: Transaction;
      try {
        event = JSON.parse(body);
        if (!event.resource) throw new Error('no resource');
        if (event.event_type !== 'TRANSACTION.SUCCESS') return null;
        transaction = JSON.parse(decryptResource(config.merchantKey, event.resource)) as Transaction;
      } catch (err) {
        throw new NotificationRefused(`unreadable: ${(err as Error).message}`);
      }
      return outcomeOf(transaction);
    },

    notificationReply: (ok) =>
      ok
        ? { status: 204, contentType: 'application/json', body: '' }
        : { status: 400, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message: '失败' }) },

    query,

    async close(attempt) {
      await api(
        attempt.config,
        'POST',
        `/v3/pay/transactions/out-trade-no/${encodeURIComponent(attempt.attemptNo)}/close`,
        { mchid: attempt.config.merchantId },
      );
    },

    async refund(attempt, refund) {
      const res = await api(attempt.config, 'POST', '/v3/refund/domestic/refunds', {
        out_trade_no: attempt.attemptNo,
        out_refund_no: refund.refundNo,
        reason: refund.reason.slice(0, 80) || undefined,
        amount: { refund: refund.amount.amount, total: attempt.amount.amount, currency: refund.amount.currency },
      });
      const answer = jsonOf<{ refund_id?: string; status?: string }>(res, 'refund');
      const state = answer.status === 'SUCCESS' ? 'succeeded' : answer.status === 'PROCESSING' ? 'pending' : 'failed';
      return { state, providerRef: answer.refund_id, detail: answer.status };
    },
  };
}
