/**
 * Hotel management (spec 2.12 manage/hotel, 4 "Hotel reservation (manager actions)"): the
 * reservations with their filters and actions (confirm, payment status, dates, cancel, delete,
 * the rooming list), and the per-night occupancy of every room type.
 */
import { Tabs } from 'antd';
import type { HotelView, ReservationPage } from '../../server/contract/hotels';
import type { Filters } from './filters';
import { AntdRoot } from '../shared/AntdRoot';
import { translator } from '../shared/i18n';
import type { Lang } from '../shared/locale';
import { OccupancyTab } from './OccupancyTab';
import { ReservationsTab } from './ReservationsTab';

export type ManageHotelProps = { lang: Lang; mobile: boolean; hotels: HotelView[]; first: ReservationPage; /** the address's filter (issue 33); `first` is already filtered */ filter?: Filters };

function Hotels({ lang, mobile, hotels, first, filter }: ManageHotelProps) {
  const t = translator(lang);
  return (
    <Tabs
      className="manage-hotel"
      destroyOnHidden
      items={[
        { key: 'reservations', label: t('hotels:desk.tabReservations'), children: <ReservationsTab lang={lang} mobile={mobile} t={t} hotels={hotels} first={first} filter={filter} /> },
        { key: 'occupancy', label: t('hotels:desk.tabOccupancy'), children: <OccupancyTab lang={lang} t={t} hotels={hotels} /> },
      ]}
    />
  );
}

export default function ManageHotel(props: ManageHotelProps) {
  return (
    <AntdRoot lang={props.lang}>
      <Hotels {...props} />
    </AntdRoot>
  );
}
