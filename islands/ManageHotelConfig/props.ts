/** What the server hands the ManageHotelConfig screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { HotelSettingsView, HotelView } from '../../server/contract/hotels';
import type { Lang } from '../shared/locale';

export type ManageHotelConfigProps = { lang: Lang; mobile: boolean; settings: HotelSettingsView; hotels: HotelView[] };
