/** What the fee screen and its dialog's fields share. */
import type { FeeForm } from '../../server/contract/fees';

export type Values = Omit<FeeForm, 'kind' | 'confirm' | 'maxTotal' | 'maxPerAccount'> & {
  maxTotal: number | null;
  maxPerAccount: number | null;
};

export const CURRENCIES = [
  'CNY',
  'USD',
  'EUR',
  'GBP',
  'JPY',
  'HKD',
  'MOP',
  'TWD',
  'KRW',
  'SGD',
  'AUD',
  'CAD',
  'CHF',
  'INR',
  'RUB',
];
