/**
 * A refund through the gateway that took the money (issue 13): the amount (at most what is still
 * refundable, checked with the server's own parser) and a reason. The refund's number is made
 * when the dialog opens and sent with every press, so a double click or a retry after a timeout
 * is the same refund, on the platform and at the gateway.
 */
import { useEffect, useState } from 'react';
import { App, Form, Input, Modal, Typography } from 'antd';
import { compareMoney, parseAmount, toDecimalString } from '../../server/contract/money';
import { ordersApi, type ManagedOrderView, type RefundInput } from '../../server/contract/orders';
import { ApiError, call } from '../shared/api';
import { errorText, moneyText, type T } from '../shared/orderText';
import type { Lang } from '../shared/locale';
import { useHydrated } from '../shared/hydrated';
import { checkedValues } from '../shared/formCheck';

type Values = Omit<RefundInput, 'refundNo'>;

const newRefundNo = () =>
  `RF${Date.now().toString(36).toUpperCase()}${Math.random().toString(36).slice(2, 10).toUpperCase()}`
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 32);

export function RefundDialog({
  order,
  t,
  lang,
  mobile,
  onClose,
  onDone,
}: {
  order: ManagedOrderView | null;
  t: T;
  lang: Lang;
  mobile: boolean;
  onClose: () => void;
  onDone: (o: ManagedOrderView) => void;
}) {
  const hydrated = useHydrated();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [refundNo, setRefundNo] = useState('');

  useEffect(() => {
    if (!order?.refundable) return;
    form.resetFields();
    form.setFieldsValue({ amount: toDecimalString(order.refundable), reason: '' });
    setRefundNo(newRefundNo());
  }, [order, form]);

  async function save() {
    if (!order) return;
    const values = await checkedValues(form);
    if (!values) return;
    setBusy(true);
    try {
      onDone(await call(ordersApi.refund, { params: { id: order.id }, body: { ...values, refundNo } }));
      message.success(t('orders:refundRequested'));
    } catch (err) {
      if (err instanceof ApiError && (err.field === 'amount' || err.field === 'reason'))
        form.setFields([{ name: err.field, errors: [errorText(err, t)] }]);
      else message.error(errorText(err, t));
    } finally {
      setBusy(false);
    }
  }

  const left = order?.refundable ?? null;
  return (
    <Modal
      open={order !== null}
      title={order ? t('orders:manage.refundTitle', { orderNo: order.orderNo }) : ''}
      onOk={save}
      onCancel={onClose}
      confirmLoading={busy}
      okText={t('orders:manage.refund')}
      cancelText={t('orders:manage.cancel')}
      width={mobile ? undefined : 480}
      forceRender={hydrated}
    >
      {left ? (
        <Typography.Paragraph type="secondary">
          {t('orders:manage.refundable', { amount: moneyText(left, lang) })}
        </Typography.Paragraph>
      ) : null}
      <Form form={form} layout="vertical" name="orderRefund">
        <Form.Item
          name="amount"
          label={t('orders:manage.refundAmount', { currency: left?.currency ?? '' })}
          rules={[
            {
              validator: async (_, v: string | undefined) => {
                if (!left) return;
                const parsed = parseAmount((v ?? '').trim(), left.currency);
                if (!parsed.ok)
                  throw new Error(t(parsed.key === 'money.required' ? 'orders:refundAmount' : parsed.key));
                if (parsed.money.amount <= 0) throw new Error(t('orders:refundAmount'));
                if (compareMoney(parsed.money, left) > 0)
                  throw new Error(t('orders:refundTooMuch', { left: moneyText(left, lang) }));
              },
            },
          ]}
        >
          <Input inputMode="decimal" maxLength={24} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('orders:manage.refundReason')}
          rules={[{ max: 200, message: t('orders:refundReasonTooLong') }]}
        >
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
