/** Spec 2.11: the person's orders in the platform's other conferences, listed apart, each linking to its site. */
import { Space, Tag, Typography } from 'antd';
import { LightCard as Card } from '../shared/lightCard';
import type { ElsewhereOrderView } from '../../server/contract/orders';
import { formatMoney } from '../../server/contract/money';
import type { Lang } from '../shared/locale';
import { formatAt, titleOf, TransactionTag, type T } from '../shared/orders';

export function Elsewhere({ rows, t, lang }: { rows: ElsewhereOrderView[]; t: T; lang: Lang }) {
  return (
    <>
      <Typography.Title level={5} style={{ margin: '24px 0 12px' }}>
        {t('orders:list.elsewhere')}
      </Typography.Title>
      <Space orientation="vertical" size={8} style={{ width: '100%' }}>
        {rows.map((r) => (
          <Card key={`${r.url}#${r.orderNo}`} size="small">
            <Space orientation="vertical" size={2} style={{ width: '100%' }}>
              <a href={r.url} target="_blank" rel="noopener noreferrer">
                {titleOf(r.conferenceName.zh, r.conferenceName.en, lang)}
              </a>
              <Space wrap size={[8, 2]}>
                <Typography.Text>
                  {t('orders:list.orderNo')}: {r.orderNo}
                </Typography.Text>
                <Tag>{t(`orders:type.${r.type}`)}</Tag>
                <TransactionTag status={r.transaction} t={t} />
              </Space>
              <Typography.Text type="secondary">
                {formatMoney(r.total, lang)} · {formatAt(r.createdAt, lang)}
              </Typography.Text>
            </Space>
          </Card>
        ))}
      </Space>
    </>
  );
}
