/**
 * The hotels and their room types: a card per hotel (photo, stars, address, links) with its rooms
 * in a table (price, display price, check-in dates, per-person limits, the total, what is booked
 * on the busiest night and what is left). Rooms need the basic settings first ('Please save
 * basic setting first'), since their prices are in its currencies.
 */
import { useState } from 'react';
import { App, Button, Card, Empty, Popconfirm, Rate, Space, Tag, Typography } from 'antd';
import { hotelsApi, type HotelSettingsView, type HotelView, type RoomView } from '../../server/contract/hotels';
import { toDecimalString } from '../../server/contract/money';
import { call } from '../shared/api';
import { errorText, moneyText } from '../shared/orderText';
import type { Lang } from '../shared/locale';
import { ManageTable, type ManageColumn } from '../shared/ManageTable';
import { HotelDialog } from './HotelDialog';
import { RoomDialog } from './RoomDialog';
import type { T } from './shared';

type Props = {
  lang: Lang;
  mobile: boolean;
  t: T;
  settings: HotelSettingsView;
  hotels: HotelView[];
  setHotels: (h: HotelView[]) => void;
};

export function HotelsTab({ lang, mobile, t, settings, hotels, setHotels }: Props) {
  const { message } = App.useApp();
  const [hotelEditing, setHotelEditing] = useState<HotelView | 'new' | null>(null);
  const [roomEditing, setRoomEditing] = useState<{ hotel: HotelView; room: RoomView | null } | null>(null);
  const name = (h: HotelView) => (lang === 'zh' ? h.nameZh || h.nameEn : h.nameEn || h.nameZh);

  async function act(work: () => Promise<HotelView[]>, done: string) {
    try {
      setHotels(await work());
      message.success(t(done));
    } catch (err) {
      message.error(errorText(err, t));
    }
  }

  function addRoom(hotel: HotelView) {
    if (!settings.saved) return void message.warning(t('hotels:saveSettingsFirst'));
    setRoomEditing({ hotel, room: null });
  }

  const columns = (hotel: HotelView): Array<ManageColumn<RoomView>> => [
    {
      key: 'type',
      title: t('hotels:config.roomType'),
      minWidth: 96,
      primary: true,
      render: (r) => (lang === 'zh' ? r.typeZh : r.typeEn),
    },
    {
      key: 'price',
      title: t('hotels:config.price'),
      minWidth: 96,
      render: (r) => (r.price ? moneyText(r.price, lang) : <Tag color="red">{t('hotels:config.noPrice')}</Tag>),
    },
    {
      key: 'display',
      title: t('hotels:config.displayPrice'),
      minWidth: 96,
      render: (r) => `${r.display.currency} ${toDecimalString(r.display)}`,
    },
    {
      key: 'dates',
      title: t('hotels:config.checkIn'),
      minWidth: 104,
      render: (r) => (
        <>
          <div>{r.checkInStart} –</div>
          <div>{r.checkInEnd}</div>
        </>
      ),
    },
    { key: 'per', title: t('hotels:config.perPerson'), render: (r) => `${r.minPerPerson} – ${r.maxPerPerson}` },
    {
      key: 'total',
      title: t('hotels:config.total'),
      minWidth: 120,
      render: (r) => t('hotels:config.totalCell', { total: r.total, booked: r.booked, remaining: r.remaining }),
    },
    {
      key: 'actions',
      title: t('hotels:config.actions'),
      actions: true,
      minWidth: 96,
      render: (r) => (
        <Space size="small" wrap>
          <a role="button" onClick={() => setRoomEditing({ hotel, room: r })}>
            {t('hotels:config.edit')}
          </a>
          <Popconfirm
            title={t('hotels:config.confirmDeleteRoom')}
            onConfirm={() => act(() => call(hotelsApi.removeRoom, { params: { id: r.id } }), 'hotels:deleted')}
          >
            <a role="button" className="danger-link">
              {t('hotels:config.delete')}
            </a>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <div className="hotel-list">
      {!settings.saved && <Typography.Paragraph type="warning">{t('hotels:saveSettingsFirst')}</Typography.Paragraph>}
      <Button type="primary" onClick={() => setHotelEditing('new')} style={{ marginBottom: 12 }}>
        {t('hotels:config.addHotel')}
      </Button>
      {!hotels.length && <Empty description={t('hotels:config.noHotels')} />}
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        {hotels.map((h) => (
          <Card
            key={h.id}
            title={
              <Space wrap>
                <span>{name(h)}</span>
                {h.stars > 0 && <Rate disabled value={h.stars} style={{ fontSize: 14 }} />}
              </Space>
            }
            extra={
              <Space size="small" wrap>
                <a role="button" onClick={() => setHotelEditing(h)}>
                  {t('hotels:config.edit')}
                </a>
                <Popconfirm
                  title={t('hotels:config.confirmDeleteHotel')}
                  onConfirm={() => act(() => call(hotelsApi.removeHotel, { params: { id: h.id } }), 'hotels:deleted')}
                >
                  <a role="button" className="danger-link">
                    {t('hotels:config.delete')}
                  </a>
                </Popconfirm>
              </Space>
            }
          >
            <Space align="start" wrap style={{ marginBottom: 12 }}>
              {h.photo && (
                <img
                  src={h.photo}
                  alt={name(h)}
                  style={{ width: mobile ? '100%' : 160, borderRadius: 6, objectFit: 'cover', aspectRatio: '4 / 3' }}
                />
              )}
              <div>
                {(lang === 'zh' ? h.addressZh : h.addressEn) && <div>{lang === 'zh' ? h.addressZh : h.addressEn}</div>}
                <Space wrap>
                  {h.link && (
                    <a href={h.link} target="_blank" rel="noreferrer noopener">
                      {t('hotels:config.website')}
                    </a>
                  )}
                  {h.mapLink && (
                    <a href={h.mapLink} target="_blank" rel="noreferrer noopener">
                      {t('hotels:config.map')}
                    </a>
                  )}
                </Space>
              </div>
            </Space>
            <ManageTable<RoomView>
              mobile={mobile}
              size="small"
              rowKey={(r) => r.id}
              rows={h.rooms}
              columns={columns(h)}
              emptyText={t('hotels:config.noRooms')}
            />
            <Button style={{ marginTop: 8 }} onClick={() => addRoom(h)}>
              {t('hotels:config.addRoom')}
            </Button>
          </Card>
        ))}
      </Space>
      <HotelDialog
        t={t}
        mobile={mobile}
        editing={hotelEditing}
        onClose={() => setHotelEditing(null)}
        onSaved={setHotels}
      />
      <RoomDialog
        t={t}
        mobile={mobile}
        settings={settings}
        editing={roomEditing}
        onClose={() => setRoomEditing(null)}
        onSaved={setHotels}
      />
    </div>
  );
}
