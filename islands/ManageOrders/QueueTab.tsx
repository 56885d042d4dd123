/**
 * The payment queue: money that could not be matched to an order by itself (overpaid, paid twice,
 * paid after the order closed, partly paid, no order found). A manager confirms it against an
 * order number or dismisses it with a note.
 */
import { useState } from 'react';
import { App, Button, Form, Input, Modal, Radio, Space, Table, Tag } from 'antd';
import { ordersApi, type AnomalyView } from '../../server/contract/orders';
import { call, ApiError } from '../shared/api';
import type { Lang } from '../shared/locale';
import { errorText, formatAt, moneyText, textOrKey, type T } from '../shared/orderText';
import { useHydrated } from '../shared/hydrated';
import { checkedValues } from '../shared/formCheck';

type Values = { action: 'assign' | 'dismiss'; orderNo: string; note: string };

export function QueueTab({
  anomalies,
  setAnomalies,
  t,
  lang,
  mobile,
}: {
  anomalies: AnomalyView[];
  setAnomalies: (a: AnomalyView[]) => void;
  t: T;
  lang: Lang;
  mobile: boolean;
}) {
  const hydrated = useHydrated();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [resolving, setResolving] = useState<AnomalyView | null>(null);
  const [busy, setBusy] = useState(false);
  const action = Form.useWatch('action', form);

  function open(a: AnomalyView) {
    form.setFieldsValue({ action: 'assign', orderNo: a.orderNo ?? '', note: '' });
    setResolving(a);
  }

  async function reload() {
    setBusy(true);
    try {
      setAnomalies(await call(ordersApi.anomalies));
    } catch (err) {
      message.error(errorText(err, t));
    } finally {
      setBusy(false);
    }
  }

  async function resolve() {
    if (!resolving) return;
    const values = await checkedValues(form);
    if (!values) return;
    setBusy(true);
    try {
      setAnomalies(await call(ordersApi.resolveAnomaly, { params: { id: resolving.id }, body: values }));
      setResolving(null);
      message.success(t('orders:resolved'));
    } catch (err) {
      if (err instanceof ApiError && (err.field === 'orderNo' || err.field === 'note'))
        form.setFields([{ name: err.field, errors: [errorText(err, t)] }]);
      else message.error(errorText(err, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="manage-orders-queue">
      <Button onClick={reload} loading={busy && !resolving} style={{ marginBottom: 12 }}>
        {t('orders:manage.reload')}
      </Button>
      <Table
        rowKey="id"
        size={mobile ? 'small' : 'middle'}
        dataSource={anomalies}
        scroll={{ x: 980 }}
        pagination={{ pageSize: 20, hideOnSinglePage: true, simple: mobile }}
        locale={{ emptyText: t('orders:manage.queueEmpty') }}
        columns={[
          {
            title: t('orders:manage.anomalyKind'),
            key: 'kind',
            width: 150,
            render: (_, a) => (
              <Tag color={a.resolvedAt ? 'default' : 'orange'}>{t(`orders:manage.kinds.${a.kind}`)}</Tag>
            ),
          },
          { title: t('orders:manage.anomalyOrder'), key: 'order', width: 150, render: (_, a) => a.orderNo ?? '—' },
          {
            title: t('orders:manage.anomalyAttempt'),
            key: 'attempt',
            width: 150,
            render: (_, a) => a.attemptNo ?? '—',
          },
          {
            title: t('orders:manage.anomalyAmount'),
            key: 'amount',
            width: 120,
            render: (_, a) => moneyText(a.amount, lang) || '—',
          },
          {
            title: t('orders:manage.anomalyDetail'),
            key: 'detail',
            render: (_, a) => <span style={{ whiteSpace: 'pre-line' }}>{textOrKey(a.detail, t)}</span>,
          },
          { title: t('orders:manage.anomalyAt'), key: 'at', width: 150, render: (_, a) => formatAt(a.createdAt, lang) },
          {
            title: t('orders:manage.anomalyResolution'),
            key: 'resolution',
            width: 200,
            render: (_, a) =>
              a.resolvedAt ? (
                <Space orientation="vertical" size={0}>
                  <Tag>{t('orders:manage.resolvedTag')}</Tag>
                  <span>{textOrKey(a.resolution, t)}</span>
                </Space>
              ) : (
                <Button size="small" type="primary" onClick={() => open(a)}>
                  {t('orders:manage.resolve')}
                </Button>
              ),
          },
        ]}
      />
      <Modal
        open={resolving !== null}
        title={t('orders:manage.resolveTitle')}
        onOk={resolve}
        onCancel={() => setResolving(null)}
        confirmLoading={busy}
        okText={t('orders:manage.save')}
        cancelText={t('orders:manage.cancel')}
        forceRender={hydrated}
      >
        <Form form={form} layout="vertical" name="anomalyResolve">
          <Form.Item name="action">
            <Radio.Group
              options={[
                { value: 'assign', label: t('orders:manage.assign') },
                { value: 'dismiss', label: t('orders:manage.dismiss') },
              ]}
            />
          </Form.Item>
          {action !== 'dismiss' ? (
            <Form.Item
              name="orderNo"
              label={t('orders:manage.assignOrderNo')}
              rules={[{ required: true, whitespace: true, message: t('orders:manage.orderNoRequired') }]}
            >
              <Input maxLength={32} />
            </Form.Item>
          ) : null}
          <Form.Item
            name="note"
            label={t('orders:manage.note')}
            rules={[{ max: 500, message: t('orders:remarkTooLong') }]}
          >
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
