/** A hotel as a booker sees it: photo, stars, address and links, and each room type with its price per night and the rooms left. */
import { Button, Space, Tag } from 'antd';
import { LightTypography as Typography } from '../shared/lightText';
import { StarFilled } from '@ant-design/icons';
import { LightCard as Card } from '../shared/lightCard';
import { latestCheckOut, type HotelOffer, type RoomOffer } from '../../server/contract/hotels';
import { toDecimalString } from '../../server/contract/money';
import type { Lang } from '../shared/locale';
import { moneyText, type T } from '../shared/orderText';

/** The fewest rooms left over a room's nights (what a stay of any length can count on at most). */
export function leastLeft(room: RoomOffer, nights?: string[]): number {
  const shown = nights ? room.nights.filter((n) => nights.includes(n.night)) : room.nights;
  return shown.length ? Math.min(...shown.map((n) => n.left)) : 0;
}

/** A hotel's stars, drawn as antd's read-only Rate drew them (five, the first `value` gold), said as one figure. */
function Stars({ value, label }: { value: number; label: string }) {
  return (
    <span className="hotel-stars" role="img" aria-label={`${label}: ${value} / 5`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <StarFilled key={n} className={n <= value ? 'hotel-star hotel-star-on' : 'hotel-star'} aria-hidden />
      ))}
    </span>
  );
}

export function HotelCard({
  lang,
  mobile,
  t,
  hotel,
  canBook,
  onBook,
}: {
  lang: Lang;
  mobile: boolean;
  t: T;
  hotel: HotelOffer;
  canBook: boolean;
  onBook: (room: RoomOffer) => void;
}) {
  const name = lang === 'zh' ? hotel.nameZh || hotel.nameEn : hotel.nameEn || hotel.nameZh;
  const address = lang === 'zh' ? hotel.addressZh || hotel.addressEn : hotel.addressEn || hotel.addressZh;
  return (
    <Card
      title={
        <Space wrap>
          <span>{name}</span>
          {hotel.stars > 0 && <Stars value={hotel.stars} label={t('hotels:config.stars')} />}
        </Space>
      }
    >
      <div style={{ display: 'flex', gap: 16, flexWrap: mobile ? 'wrap' : 'nowrap', alignItems: 'flex-start' }}>
        {hotel.photo && (
          <img
            src={hotel.photo}
            alt={name}
            style={{ width: mobile ? '100%' : 220, borderRadius: 8, objectFit: 'cover', aspectRatio: '4 / 3' }}
          />
        )}
        <div style={{ flex: 1, minWidth: 0 }}>
          {address && <Typography.Paragraph style={{ marginBottom: 4 }}>{address}</Typography.Paragraph>}
          <Space wrap style={{ marginBottom: 8 }}>
            {hotel.link && (
              <a href={hotel.link} target="_blank" rel="noreferrer noopener">
                {t('hotels:config.website')}
              </a>
            )}
            {hotel.mapLink && (
              <a href={hotel.mapLink} target="_blank" rel="noreferrer noopener">
                {t('hotels:config.map')}
              </a>
            )}
          </Space>
          <div className="hotel-rooms">
            {hotel.rooms.map((room) => {
              const left = leastLeft(room);
              const most = Math.max(0, ...room.nights.map((n) => n.left));
              const type = lang === 'zh' ? room.typeZh : room.typeEn;
              return (
                <div
                  key={room.id}
                  className="hotel-room"
                  style={{
                    display: 'flex',
                    flexWrap: 'wrap',
                    gap: 8,
                    justifyContent: 'space-between',
                    alignItems: 'center',
                    padding: '10px 0',
                    borderTop: '1px solid #f0f0f0',
                  }}
                >
                  <div style={{ minWidth: 0 }}>
                    <strong>{type}</strong>
                    <div>
                      {t('hotels:book.pricePerNight', {
                        price: `${room.display.currency} ${toDecimalString(room.display)}`,
                      })}
                      {room.display.currency !== room.price.currency ? ` (${moneyText(room.price, lang)})` : ''}
                    </div>
                    <Typography.Text type="secondary">
                      {t('hotels:book.dates', {
                        start: room.checkInStart,
                        end: room.checkInEnd,
                        checkOut: latestCheckOut(room),
                      })}
                    </Typography.Text>
                    <div>
                      {most === 0 ? (
                        <Tag color="red">{t('hotels:book.full')}</Tag>
                      ) : left > 0 ? (
                        t('hotels:book.left', { left })
                      ) : (
                        t('hotels:book.someNightsFull')
                      )}
                    </div>
                  </div>
                  {/* The name read is the text shown and the room: antd's space between two Chinese characters ("预 订") is left out, so they match. */}
                  <Button
                    type="primary"
                    autoInsertSpace={false}
                    disabled={!canBook || most === 0}
                    onClick={() => onBook(room)}
                    aria-label={`${most === 0 ? t('hotels:book.full') : t('hotels:book.book')} ${type}`}
                  >
                    {most === 0 ? t('hotels:book.full') : t('hotels:book.book')}
                  </Button>
                </div>
              );
            })}
          </div>
        </div>
      </div>
    </Card>
  );
}
