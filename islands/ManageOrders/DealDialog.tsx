/**
 * Spec 5 "Order deal": a manager sets the status (paid, unpaid, cancelled), the actual pay as a
 * decimal in the order's currency (required for paid; checked here with the server's own
 * parser, never as a float) and a remark. The server's field errors land under the fields.
 */
import { useEffect, useState } from 'react';
import { App, Form, Input, Modal, Select } from 'antd';
import { parseAmount, toDecimalString } from '../../server/contract/money';
import { ordersApi, type DealInput, type ManagedOrderView } from '../../server/contract/orders';
import { call, ApiError } from '../shared/api';
import { errorText, type T } from '../shared/orderText';
import { useHydrated } from '../shared/hydrated';
import { checkedValues } from '../shared/formCheck';

type Values = DealInput;
const FIELDS = ['status', 'actualPay', 'remark'];

export function DealDialog({
  order,
  t,
  mobile,
  onClose,
  onDone,
}: {
  order: ManagedOrderView | null;
  t: T;
  mobile: boolean;
  onClose: () => void;
  onDone: (o: ManagedOrderView) => void;
}) {
  const hydrated = useHydrated();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!order) return;
    const status = order.status === 'paid' || order.status === 'cancelled' ? order.status : 'unpaid';
    form.resetFields();
    form.setFieldsValue({
      status,
      actualPay: toDecimalString(order.status === 'paid' ? order.paid : order.total),
      remark: order.remark,
    });
  }, [order, form]);

  async function save() {
    if (!order) return;
    const values = await checkedValues(form);
    if (!values) return;
    setBusy(true);
    try {
      onDone(await call(ordersApi.deal, { params: { id: order.id }, body: values }));
      message.success(t('orders:dealt'));
    } catch (err) {
      if (err instanceof ApiError && err.field && FIELDS.includes(err.field))
        form.setFields([{ name: err.field as keyof Values, errors: [errorText(err, t)] }]);
      else message.error(errorText(err, t));
    } finally {
      setBusy(false);
    }
  }

  const currency = order?.total.currency ?? 'CNY';
  return (
    <Modal
      open={order !== null}
      title={order ? t('orders:manage.dealTitle', { orderNo: order.orderNo }) : ''}
      onOk={save}
      onCancel={onClose}
      confirmLoading={busy}
      okText={t('orders:manage.save')}
      cancelText={t('orders:manage.cancel')}
      width={mobile ? undefined : 520}
      forceRender={hydrated}
    >
      <Form form={form} layout="vertical" name="orderDeal">
        <Form.Item
          name="status"
          label={t('orders:manage.status')}
          rules={[{ required: true, message: t('orders:dealStatus') }]}
        >
          <Select
            options={(['paid', 'unpaid', 'cancelled'] as const).map((s) => ({
              value: s,
              label: t(`orders:status.${s}`),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="actualPay"
          label={t('orders:manage.actualPay', { currency })}
          extra={t('orders:manage.actualPayHint')}
          dependencies={['status']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_, v: string | undefined) => {
                const text = (v ?? '').trim();
                if (!text && getFieldValue('status') !== 'paid') return;
                const parsed = parseAmount(text, currency);
                if (!parsed.ok) throw new Error(t(parsed.key === 'money.required' ? 'orders:dealAmount' : parsed.key));
              },
            }),
          ]}
        >
          <Input inputMode="decimal" maxLength={24} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="remark"
          label={t('orders:manage.remark')}
          rules={[{ max: 500, message: t('orders:remarkTooLong') }]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
