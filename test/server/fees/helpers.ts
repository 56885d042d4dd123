/** Fee set-up for tests: a valid fee form as the island sends it, and days around today. */
import { todayIn } from '../../../server/platform/localTime';
import type { FeeForm } from '../../../server/contract/fees';

const DAY = 86_400_000;

/** A day relative to today in the conference's zone (the fixtures use Asia/Shanghai). */
export const dayFromToday = (days: number) => todayIn('Asia/Shanghai', new Date(Date.now() + days * DAY));
export const TODAY = () => dayFromToday(0);

export function feeBody(change: Partial<Record<keyof FeeForm, unknown>> = {}): Record<string, unknown> {
  return {
    kind: 'register',
    categoryZh: 'Regular',
    categoryEn: 'Regular',
    titleZh: '普通注册',
    titleEn: 'Regular registration',
    descriptionZh: '含会议资料',
    descriptionEn: 'Includes the proceedings',
    currency: 'CNY',
    price: '1200.50',
    displayCurrency: 'USD',
    displayPrice: '170',
    openDate: dayFromToday(-5),
    deadline: dayFromToday(5),
    open: true,
    userScope: 'all',
    langScope: 'all',
    invitationCode: '',
    maxTotal: 100,
    maxPerAccount: 2,
    ...change,
  };
}
