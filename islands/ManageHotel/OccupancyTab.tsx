/**
 * The occupancy grid: a row per room type, a column per night, each cell the rooms taken of the
 * total (sold to paid reservations and held by unpaid ones), coloured as a night fills.
 */
import { useEffect, useState } from 'react';
import { App, Button, Select, Space, Table, Tooltip, Typography } from 'antd';
import { hotelsApi, type HotelView, type OccupancyView } from '../../server/contract/hotels';
import { call } from '../shared/api';
import type { Lang } from '../shared/locale';
import { errorText, type T } from '../shared/orderText';

type Row = OccupancyView['rooms'][number];

const FULL = '#ffccc7';
const BUSY = '#ffe7ba';

export function OccupancyTab({ lang, t, hotels }: { lang: Lang; t: T; hotels: HotelView[] }) {
  const { message } = App.useApp();
  const [hotelId, setHotelId] = useState<number | undefined>(undefined);
  const [grid, setGrid] = useState<OccupancyView | null>(null);
  const [loading, setLoading] = useState(false);
  const pick = (zh: string, en: string) => (lang === 'zh' ? zh || en : en || zh);

  async function load(id: number | undefined) {
    setLoading(true);
    try {
      setGrid(await call(hotelsApi.occupancy, { query: id ? { hotelId: id } : {} }));
    } catch (err) {
      message.error(errorText(err, t));
    } finally {
      setLoading(false);
    }
  }
  useEffect(() => {
    void load(hotelId);
  }, [hotelId]);

  const weekday = (night: string) =>
    new Date(`${night}T00:00:00Z`).toLocaleDateString(lang === 'zh' ? 'zh-CN' : 'en-GB', {
      weekday: 'short',
      timeZone: 'UTC',
    });
  const columns = [
    {
      title: t('hotels:desk.roomType'),
      key: 'room',
      fixed: 'left' as const,
      render: (_: unknown, r: Row) => (
        <>
          <div>{pick(r.roomZh, r.roomEn)}</div>
          <Typography.Text type="secondary">
            {pick(r.hotelZh, r.hotelEn)} · {t('hotels:desk.ofTotal', { total: r.total })}
          </Typography.Text>
        </>
      ),
    },
    ...(grid?.nights ?? []).map((night) => ({
      title: (
        <div style={{ textAlign: 'center' }}>
          {night.slice(5)}
          <br />
          <Typography.Text type="secondary">{weekday(night)}</Typography.Text>
        </div>
      ),
      key: night,
      onCell: (r: Row) => {
        const c = r.cells[night];
        const taken = c ? c.held + c.sold : 0;
        return {
          style: {
            background: !c ? '#fafafa' : taken >= r.total ? FULL : taken >= r.total * 0.8 ? BUSY : undefined,
            textAlign: 'center' as const,
          },
        };
      },
      render: (_: unknown, r: Row) => {
        const c = r.cells[night];
        if (!c) return <Typography.Text type="secondary">—</Typography.Text>;
        return (
          <Tooltip title={t('hotels:desk.cell', { sold: c.sold, held: c.held })}>
            <span>
              {c.held + c.sold} / {r.total}
            </span>
          </Tooltip>
        );
      },
    })),
  ];

  return (
    <div className="hotel-occupancy">
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          allowClear
          placeholder={t('hotels:desk.allHotels')}
          style={{ minWidth: 200 }}
          value={hotelId}
          onChange={(v) => setHotelId(v)}
          options={hotels.map((h) => ({ value: h.id, label: pick(h.nameZh, h.nameEn) }))}
        />
        <Button onClick={() => load(hotelId)} loading={loading}>
          {t('hotels:desk.reload')}
        </Button>
      </Space>
      <Table
        rowKey="roomId"
        size="small"
        bordered
        loading={loading}
        dataSource={grid?.rooms ?? []}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('hotels:config.noRooms') }}
      />
      <Space wrap style={{ marginTop: 8 }}>
        <Typography.Text type="secondary">{t('hotels:desk.legend')}</Typography.Text>
        <span style={{ background: BUSY, padding: '0 8px' }}>{t('hotels:desk.legendBusy')}</span>
        <span style={{ background: FULL, padding: '0 8px' }}>{t('hotels:desk.legendFull')}</span>
      </Space>
    </div>
  );
}
