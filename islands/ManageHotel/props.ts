/** What the server hands the ManageHotel screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { HotelView, ReservationPage } from '../../server/contract/hotels';
import type { Filters } from './filters';
import type { Lang } from '../shared/locale';

export type ManageHotelProps = {
  lang: Lang;
  mobile: boolean;
  hotels: HotelView[];
  first: ReservationPage;
  /** the address's filter (issue 33); `first` is already filtered */ filter?: Filters;
};
