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
import { lazyPart, LaterTab, usePreload } from '../shared/lazyPart';
import { ReservationsTab } from './ReservationsTab';

/** The occupancy tab loads when first opened (issue 32). */
const OccupancyTab = lazyPart(() => import('./OccupancyTab').then((m) => m.OccupancyTab));

export type ManageHotelProps = { lang: Lang; mobile: boolean; hotels: HotelView[]; first: ReservationPage; /** the address's filter (issue 33); `first` is already filtered */ filter?: Filters };

function Hotels({ lang, mobile, hotels, first, filter }: ManageHotelProps) {
  const t = translator(lang);
  usePreload(OccupancyTab);
  return (
    <Tabs
      className="manage-hotel"
      destroyOnHidden
      items={[
        { key: 'reservations', label: t('hotels:desk.tabReservations'), children: <ReservationsTab lang={lang} mobile={mobile} t={t} hotels={hotels} first={first} filter={filter} /> },
        { key: 'occupancy', label: t('hotels:desk.tabOccupancy'), children: <LaterTab><OccupancyTab lang={lang} t={t} hotels={hotels} /></LaterTab> },
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
