/** What the server hands the ProfilePay screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { Money } from '../../server/contract/money';
import type { OrderView } from '../../server/contract/orders';
import type { Lang } from '../shared/locale';

export type PayMethodView = {
  method: string;
  titleZh: string;
  titleEn: string;
  noteZh: string;
  noteEn: string;
  online: boolean;
};
export type ProfilePayProps = {
  lang: Lang;
  mobile: boolean;
  orders: OrderView[];
  total: Money;
  methods: PayMethodView[];
};
