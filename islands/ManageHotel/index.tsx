/**
 * Hotel management (spec 2.12 manage/hotel, 4 "Hotel reservation (manager actions)"): the
 * reservations with their filters and actions (confirm, payment status, dates, cancel, delete,
 * the rooming list), and the per-night occupancy of every room type.
 */
import { Tabs } from 'antd';
import { AntdRoot } from '../shared/AntdRoot';
import { translator } from '../shared/i18n';
import { lazyPart, LaterTab, usePreload } from '../shared/lazyPart';
import { ReservationsTab } from './ReservationsTab';
import type { ManageHotelProps } from './props';

/** The occupancy tab loads when first opened (issue 32). */
const OccupancyTab = lazyPart(() => import('./OccupancyTab').then((m) => m.OccupancyTab));

function Hotels({ lang, mobile, hotels, first, filter }: ManageHotelProps) {
  const t = translator(lang);
  usePreload(OccupancyTab);
  return (
    <Tabs
      className="manage-hotel"
      destroyOnHidden
      items={[
        {
          key: 'reservations',
          label: t('hotels:desk.tabReservations'),
          children: <ReservationsTab lang={lang} mobile={mobile} t={t} hotels={hotels} first={first} filter={filter} />,
        },
        {
          key: 'occupancy',
          label: t('hotels:desk.tabOccupancy'),
          children: (
            <LaterTab>
              <OccupancyTab lang={lang} t={t} hotels={hotels} />
            </LaterTab>
          ),
        },
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
