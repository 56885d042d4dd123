/** What the server hands the ManageOrders screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { AnomalyView, OrderDeskTab, OrderPage, StatementMapping } from '../../server/contract/orders';
import type { Filters } from './filters';
import type { Lang } from '../shared/locale';

export type ManageOrdersProps = {
  lang: Lang;
  mobile: boolean;
  page: OrderPage;
  anomalies: AnomalyView[];
  mapping: StatementMapping | null;
  /** the address's tab and order filter (issue 33); the first page is already filtered */
  tab?: OrderDeskTab;
  filter?: Filters;
};
