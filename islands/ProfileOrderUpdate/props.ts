/** What the server hands the ProfileOrderUpdate screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { OrderView } from '../../server/contract/orders';
import type { Lang } from '../shared/locale';

export type ProfileOrderUpdateProps = { lang: Lang; mobile: boolean; order: OrderView };
