/** What the server hands the ProfileOrders screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { MyOrdersView } from '../../server/contract/orders';
import type { Lang } from '../shared/locale';

export type ProfileOrdersProps = { lang: Lang; mobile: boolean; orders: MyOrdersView };
