/** A fee item's row as the managers and the fee page see it, and a manager's input as the row's columns. */
import type { FeeBasics, FeeInput, FeeView, LangScope, UserScope } from '../../contract/fees';
import type { FeeColumns, FeeWithCategory } from './repo';

export const basics = (r: FeeWithCategory): FeeBasics => ({
  id: r.id,
  kind: r.kind,
  categoryZh: r.category_zh ?? r.category,
  categoryEn: r.category_en ?? r.category,
  titleZh: r.title_zh,
  titleEn: r.title_en,
  descriptionZh: r.description_zh,
  descriptionEn: r.description_en,
  price: r.price,
  display: r.display,
});

/** The category's maximum (the item's own for a row written before categories existed). */
export const categoryMax = (r: FeeWithCategory) => Number(r.category_max ?? r.max_total);

export const present = (r: FeeWithCategory, used: number, categoryUsed: number): FeeView => ({
  ...basics(r),
  openDate: r.open_date,
  deadline: r.deadline,
  open: Boolean(r.open),
  userScope: r.user_scope as UserScope,
  langScope: r.lang_scope as LangScope,
  invitationCode: r.invitation_code,
  maxTotal: categoryMax(r),
  maxPerAccount: Number(r.max_per_account),
  used,
  categoryUsed,
  priceVersion: Number(r.price_version),
  sort: Number(r.sort),
});

export function columnsOf(input: FeeInput, categoryId: number): FeeColumns {
  return {
    kind: input.kind,
    category: input.categoryZh,
    category_id: categoryId,
    title_zh: input.titleZh,
    title_en: input.titleEn,
    description_zh: input.descriptionZh,
    description_en: input.descriptionEn,
    price_amount: input.price.amount,
    currency: input.price.currency,
    display_currency: input.display.currency,
    display_price_amount: input.display.amount,
    open_date: input.openDate,
    deadline: input.deadline,
    open: input.open,
    user_scope: input.userScope,
    lang_scope: input.langScope,
    invitation_code: input.invitationCode,
    max_total: input.maxTotal,
    max_per_account: input.maxPerAccount,
  };
}
