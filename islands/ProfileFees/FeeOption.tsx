/** One fee on the fee page: its title, description, 'currency price', the charged price and how many are left. */
import type { ReactNode } from 'react';
import { Tag } from 'antd';
import { LightTypography as Typography } from '../shared/lightText';
import { formatMoney, toDecimalString, type Money } from '../../server/contract/money';
import type { Lang } from '../shared/locale';
import { titleOf, type T } from '../shared/orderText';
import type { FeeOffer } from '../../server/contract/fees';

/** Spec 3 "Fee row": shown as 'currency price' ("USD 100.00"). */
export const currencyPrice = (m: Money) => `${m.currency} ${toDecimalString(m)}`;

/** How many of the fee this person may still take: the places left, and their own allowance. */
export const maxQuantity = (fee: FeeOffer) => Math.max(0, Math.min(fee.remaining, fee.perAccountLeft));

export function FeeOption({
  fee,
  lang,
  t,
  control,
  extra,
}: {
  fee: FeeOffer;
  lang: Lang;
  t: T;
  control: ReactNode;
  extra?: ReactNode;
}) {
  const soldOut = fee.remaining <= 0;
  const limit = !soldOut && fee.perAccountLeft <= 0;
  const charged = fee.display.currency !== fee.price.currency || fee.display.amount !== fee.price.amount;
  const description = titleOf(fee.descriptionZh, fee.descriptionEn, lang);
  // The category in the page's language (issue 32: the English page showed the Chinese one).
  const category = titleOf(fee.categoryZh, fee.categoryEn, lang);
  return (
    <div
      className={`fee-option${soldOut || limit ? ' fee-option-disabled' : ''}`}
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 8,
        alignItems: 'flex-start',
        padding: '10px 0',
        borderBottom: '1px solid #f0f0f0',
      }}
    >
      <div style={{ flex: '1 1 220px', minWidth: 0 }}>
        {control}
        {category && category !== titleOf(fee.titleZh, fee.titleEn, lang) ? (
          <Tag style={{ marginLeft: 8 }}>{category}</Tag>
        ) : null}
        {description ? (
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0 24px', whiteSpace: 'pre-line' }}>
            {description}
          </Typography.Paragraph>
        ) : null}
        <div style={{ marginLeft: 24 }}>
          <Typography.Text type="secondary">{t('orders:fees.until', { date: fee.deadline })}</Typography.Text>
          {soldOut ? (
            <Tag color="red" style={{ marginLeft: 8 }}>
              {t('orders:fees.soldOut')}
            </Tag>
          ) : null}
          {limit ? <Tag style={{ marginLeft: 8 }}>{t('orders:fees.limitReached')}</Tag> : null}
          {!soldOut && !limit && fee.remaining <= 10 ? (
            <Tag color="orange" style={{ marginLeft: 8 }}>
              {t('orders:fees.left', { n: fee.remaining })}
            </Tag>
          ) : null}
        </div>
        {extra ? <div style={{ margin: '6px 0 0 24px' }}>{extra}</div> : null}
      </div>
      <div style={{ flex: '0 0 auto', textAlign: 'right', marginLeft: 'auto' }}>
        <Typography.Text strong style={{ fontSize: 16 }}>
          {currencyPrice(fee.display)}
        </Typography.Text>
        {charged ? (
          <div>
            <Typography.Text type="secondary">
              {t('orders:fees.charged', { amount: formatMoney(fee.price, lang) })}
            </Typography.Text>
          </div>
        ) : null}
      </div>
    </div>
  );
}
