/** What the server hands the ProfileHotel screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { BookingPage } from '../../server/contract/hotels';
import type { Lang } from '../shared/locale';

export type ProfileHotelProps = { lang: Lang; mobile: boolean; page: BookingPage; roomId: number | null };
