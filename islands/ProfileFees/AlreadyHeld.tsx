/**
 * "What you already have" on the fee page (issue 32): the person's fee orders that are paid or
 * still open, each with its lines and its state, so nobody orders a second registration fee
 * without seeing the first.
 */
import { Space } from 'antd';
import { LightTypography as Typography } from '../shared/lightText';
import { LightCard as Card } from '../shared/lightCard';
import type { OrderView } from '../../server/contract/orders';
import type { Lang } from '../shared/locale';
import { ItemLine, TransactionTag } from '../shared/orderLine';
import type { T } from '../shared/orderText';

export function AlreadyHeld({ orders, lang, t }: { orders: OrderView[]; lang: Lang; t: T }) {
  if (!orders.length) return null;
  return (
    <Card size="small" title={t('orders:fees.alreadyTitle')} style={{ marginBottom: 16 }} className="fees-already">
      <Space orientation="vertical" size={8} style={{ width: '100%' }}>
        {orders.map((o) => (
          <div key={o.id}>
            <Space wrap size={[8, 4]}>
              <Typography.Text>{t(`orders:type.${o.type}`)}</Typography.Text>
              <TransactionTag status={o.transaction} t={t} />
              <Typography.Link href="/profile/order/list">{o.orderNo}</Typography.Link>
            </Space>
            <div>
              {o.items.map((item) => (
                <div key={item.id}>
                  <ItemLine item={item} lang={lang} />
                </div>
              ))}
            </div>
          </div>
        ))}
      </Space>
    </Card>
  );
}
