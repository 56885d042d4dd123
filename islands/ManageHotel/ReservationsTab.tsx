/**
 * The reservations: filters (hotel, room type, nights, status, payment, person), the rooming
 * list export, and a table (cards on a phone) with each reservation's actions. Every action
 * answers the reservation as it is now, which replaces its row.
 */
import { useState, type ReactNode } from 'react';
import { App, Button, Form, Input, Popconfirm, Select, Space, Typography } from 'antd';
import {
  BOOKING_STATUSES,
  hotelsApi,
  PAYMENT_STATUSES,
  type HotelView,
  type ReservationPage,
  type ReservationView,
} from '../../server/contract/hotels';
import { call } from '../shared/api';
import { downloadPost } from '../shared/download';
import { LightDateRange } from '../shared/lightDateRange';
import type { Lang } from '../shared/locale';
import { ManageTable, type ManageColumn } from '../shared/ManageTable';
import { errorText, formatAt, moneyText, type T } from '../shared/orderText';
import { DatesDialog, PaymentDialog } from './lazyDialogs';
import { filtersOf, valuesOf, type Filters, type FilterValues } from './filters';
import { showInAddress } from '../shared/address';
import { PaymentTag, StatusTag } from './tags';

type Props = { lang: Lang; mobile: boolean; t: T; hotels: HotelView[]; first: ReservationPage; filter?: Filters };

const ACTIVE = ['pending', 'confirmed'];

export function ReservationsTab({ lang, mobile, t, hotels, first, filter = {} }: Props) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FilterValues>();
  const [data, setData] = useState(first);
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<Filters>(filter);
  const [loading, setLoading] = useState(false);
  const [paying, setPaying] = useState<ReservationView | null>(null);
  const [moving, setMoving] = useState<ReservationView | null>(null);
  const hotelId = Form.useWatch('hotelId', form);
  const fail = (err: unknown) => message.error(errorText(err, t));
  const replace = (r: ReservationView) => setData((d) => ({ ...d, rows: d.rows.map((x) => (x.id === r.id ? r : x)) }));
  const pick = (zh: string, en: string) => (lang === 'zh' ? zh || en : en || zh);

  /** A new search from the form: the list and the address follow it. */
  function search(next: Filters) {
    showInAddress(next);
    return load(next, 1);
  }

  async function load(next: Filters, at: number) {
    setLoading(true);
    try {
      setData(await call(hotelsApi.list, { query: { ...next, page: at, size: 20 } }));
      setFilters(next);
      setPage(at);
    } catch (err) {
      fail(err);
    } finally {
      setLoading(false);
    }
  }

  async function act(work: () => Promise<void>, done: string) {
    try {
      await work();
      message.success(t(done));
    } catch (err) {
      fail(err);
    }
  }
  const confirm = (r: ReservationView) =>
    act(async () => replace(await call(hotelsApi.confirm, { params: { id: r.id } })), 'hotels:confirmed');
  const cancel = (r: ReservationView) =>
    act(async () => replace(await call(hotelsApi.cancelReservation, { params: { id: r.id } })), 'hotels:cancelled');
  const remove = (r: ReservationView) =>
    act(async () => {
      await call(hotelsApi.remove, { params: { id: r.id } });
      setData((d) => ({ rows: d.rows.filter((x) => x.id !== r.id), total: d.total - 1 }));
    }, 'hotels:deleted');

  async function exportRooming() {
    try {
      await downloadPost(hotelsApi.rooming, filters.hotelId ? { hotelId: filters.hotelId } : {}, 'rooming.xlsx');
    } catch (err) {
      fail(err);
    }
  }

  const actions = (r: ReservationView): ReactNode => {
    const active = ACTIVE.includes(r.status);
    return (
      <Space size={4} wrap>
        {r.status === 'pending' && (
          <Popconfirm title={t('hotels:desk.confirmConfirm')} onConfirm={() => confirm(r)}>
            <Button size="small" type="link">
              {t('hotels:desk.confirm')}
            </Button>
          </Popconfirm>
        )}
        <Button
          size="small"
          type="link"
          disabled={r.payment === 'paid' || r.status === 'invalid'}
          onClick={() => setPaying(r)}
        >
          {t('hotels:desk.payment')}
        </Button>
        {active && (
          <Button size="small" type="link" onClick={() => setMoving(r)}>
            {t('hotels:desk.dates')}
          </Button>
        )}
        {active && (
          <Popconfirm
            title={t(r.payment === 'paid' ? 'hotels:desk.cancelPaidNote' : 'hotels:desk.confirmCancel')}
            onConfirm={() => cancel(r)}
          >
            <Button size="small" type="link">
              {t('hotels:desk.cancel')}
            </Button>
          </Popconfirm>
        )}
        <Popconfirm title={t('hotels:desk.confirmDelete')} onConfirm={() => remove(r)}>
          <Button size="small" type="link" danger>
            {t('hotels:desk.delete')}
          </Button>
        </Popconfirm>
      </Space>
    );
  };
  const booker = (r: ReservationView) => (
    <>
      <div>
        {r.name}
        {r.unit ? ` · ${r.unit}` : ''}
      </div>
      <Typography.Text type="secondary">
        {r.email}
        {r.account && r.account !== r.email ? ` (${r.account})` : ''}
      </Typography.Text>
    </>
  );
  const details = (r: ReservationView) => (
    <Space orientation="vertical" size={0}>
      {r.phone && (
        <span>
          {t('hotels:book.phone')}: {r.phone}
        </span>
      )}
      {r.requirements && (
        <span>
          {t('hotels:book.requirements')}: {r.requirements}
        </span>
      )}
      <Typography.Text type="secondary">
        {t('hotels:desk.times', { created: formatAt(r.createdAt, lang), updated: formatAt(r.updatedAt, lang) })}
      </Typography.Text>
    </Space>
  );

  const columns: Array<ManageColumn<ReservationView>> = [
    { key: 'booker', title: t('hotels:desk.booker'), minWidth: 150, primary: true, render: (r) => booker(r) },
    {
      key: 'room',
      title: t('hotels:desk.room'),
      minWidth: 120,
      render: (r) => `${pick(r.hotelZh, r.hotelEn)} · ${pick(r.roomZh, r.roomEn)}`,
    },
    {
      key: 'stay',
      title: t('hotels:desk.stay'),
      minWidth: 110,
      render: (r) => (
        <>
          <div>{r.checkIn} →</div>
          <div>{r.checkOut}</div>
          <Typography.Text type="secondary">{t('hotels:desk.nights', { nights: r.nights })}</Typography.Text>
        </>
      ),
    },
    { key: 'quantity', title: t('hotels:desk.rooms'), minWidth: 56, render: (r) => r.quantity },
    {
      key: 'total',
      title: t('hotels:desk.total'),
      minWidth: 120,
      render: (r) => (
        <>
          <div>{moneyText(r.total, lang)}</div>
          <Typography.Text type="secondary" copyable={r.orderNo ? { text: r.orderNo } : false}>
            {r.orderNo}
          </Typography.Text>
        </>
      ),
    },
    {
      key: 'state',
      title: t('hotels:desk.state'),
      minWidth: 96,
      render: (r) => (
        <Space size={2} wrap>
          <StatusTag status={r.status} t={t} />
          <PaymentTag payment={r.payment} t={t} />
        </Space>
      ),
    },
    { key: 'actions', title: t('hotels:config.actions'), minWidth: 120, actions: true, render: (r) => actions(r) },
  ];

  const rooms = hotels.find((h) => h.id === hotelId)?.rooms ?? [];
  return (
    <div className="manage-hotel-reservations">
      <Form
        form={form}
        layout={mobile ? 'vertical' : 'inline'}
        name="hotelFilters"
        initialValues={valuesOf(filter)}
        onFinish={(v: FilterValues) => search(filtersOf(v))}
        style={{ rowGap: 8, marginBottom: 12 }}
      >
        <Form.Item name="hotelId" label={t('hotels:desk.hotel')}>
          <Select
            allowClear
            style={{ minWidth: 160 }}
            onChange={() => form.setFieldValue('roomId', undefined)}
            options={hotels.map((h) => ({ value: h.id, label: pick(h.nameZh, h.nameEn) }))}
          />
        </Form.Item>
        <Form.Item name="roomId" label={t('hotels:desk.roomType')}>
          <Select
            allowClear
            style={{ minWidth: 140 }}
            disabled={!rooms.length}
            options={rooms.map((r) => ({ value: r.id, label: pick(r.typeZh, r.typeEn) }))}
          />
        </Form.Item>
        <Form.Item name="dates" label={t('hotels:desk.nightsFilter')}>
          <LightDateRange lang={lang} label={t('hotels:desk.nightsFilter')} block={mobile} />
        </Form.Item>
        <Form.Item name="status" label={t('hotels:desk.status')}>
          <Select
            allowClear
            style={{ minWidth: 110 }}
            options={BOOKING_STATUSES.map((s) => ({ value: s, label: t(`hotels:status.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="payment" label={t('hotels:desk.paymentStatus')}>
          <Select
            allowClear
            style={{ minWidth: 110 }}
            options={PAYMENT_STATUSES.map((s) => ({ value: s, label: t(`hotels:payment.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="person" label={t('hotels:desk.person')}>
          <Input allowClear placeholder={t('hotels:desk.personHint')} />
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={loading}>
            {t('hotels:desk.search')}
          </Button>
          <Button
            onClick={() => {
              form.setFieldsValue(valuesOf({}));
              void search({});
            }}
          >
            {t('hotels:desk.reset')}
          </Button>
          <Button onClick={exportRooming}>{t('hotels:desk.rooming')}</Button>
        </Space>
      </Form>
      <ManageTable<ReservationView>
        mobile={mobile}
        rowKey={(r) => r.id}
        loading={loading}
        rows={data.rows}
        columns={columns}
        details={details}
        emptyText={t('hotels:desk.none')}
        pagination={{ current: page, pageSize: 20, total: data.total, onChange: (p) => load(filters, p) }}
      />
      <PaymentDialog lang={lang} t={t} row={paying} onClose={() => setPaying(null)} onSaved={replace} />
      <DatesDialog lang={lang} t={t} row={moving} onClose={() => setMoving(null)} onSaved={replace} />
    </div>
  );
}
