/**
 * The demo conferences' hotels (templates/demo/<slug>/hotels.json): booking open from a month
 * ago until the conference ends, in CNY, each room type bookable from the night before the
 * conference to the morning after it, with its nights. Idempotent: a conference with hotel
 * settings is left alone.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db/index';
import { inTransaction } from '../../db/transaction';
import { roomNights } from '../../contract/hotels';
import { parseAmount } from '../../contract/money';
import { todayIn } from '../../platform/localTime';
import { insertNights } from './nightsRepo';
import * as repo from './repo';

type DemoHotels = {
  descriptionZh: string;
  descriptionEn: string;
  hotels: Array<{
    nameZh: string;
    nameEn: string;
    stars: number;
    addressZh: string;
    addressEn: string;
    rooms: Array<{ typeZh: string; typeEn: string; price: string; total: number; max: number }>;
  }>;
};

const previousDay = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

export async function seedDemoHotels(
  db: Db,
  conferenceId: number,
  dir: string,
  conference: { startDate?: string; endDate?: string },
): Promise<void> {
  const file = path.join(dir, 'hotels.json');
  if (
    !conference.startDate ||
    !conference.endDate ||
    !fs.existsSync(file) ||
    (await repo.findSettings(db, conferenceId))
  )
    return;
  const demo = JSON.parse(fs.readFileSync(file, 'utf8')) as DemoHotels;
  const { startDate, endDate } = conference;
  const checkInStart = previousDay(startDate);
  // The last night: the conference's last day (its guests leave the day after).
  const checkInEnd = endDate;
  await inTransaction(db, async (tx) => {
    await repo.saveSettings(
      tx,
      conferenceId,
      {
        start_date: todayIn('Asia/Shanghai', new Date(Date.now() - 30 * 86_400_000)),
        end_date: endDate,
        open: true,
        currency: 'CNY',
        display_currency: 'CNY',
        description_zh: demo.descriptionZh,
        description_en: demo.descriptionEn,
        condition: 'none',
        condition_note_zh: '',
        condition_note_en: '',
      },
      false,
    );
    for (const h of demo.hotels) {
      const hotelId = await repo.insertHotel(tx, conferenceId, {
        name_zh: h.nameZh,
        name_en: h.nameEn,
        stars: h.stars,
        link: '',
        address_zh: h.addressZh,
        address_en: h.addressEn,
        photo: '',
        map_link: '',
      });
      for (const r of h.rooms) {
        const price = parseAmount(r.price, 'CNY');
        if (!price.ok) throw new Error(`demo hotels: bad price ${r.price}`);
        const roomId = await repo.insertRoom(tx, conferenceId, {
          hotel_id: hotelId,
          type_zh: r.typeZh,
          type_en: r.typeEn,
          price_amount: price.money.amount,
          display_price_amount: price.money.amount,
          total: r.total,
          check_in_start: checkInStart,
          check_in_end: checkInEnd,
          min_per_person: 1,
          max_per_person: r.max,
        });
        await insertNights(tx, conferenceId, roomId, roomNights({ checkInStart, checkInEnd }));
      }
    }
  });
}
