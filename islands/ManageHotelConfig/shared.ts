/** What the configuration's forms share: date fields as YYYY-MM-DD strings, the currencies offered. */
import dayjs from 'dayjs';
import type { T } from '../shared/i18n';

export type { T };

export const CURRENCIES = ['CNY', 'USD', 'EUR', 'GBP', 'JPY', 'HKD', 'MOP', 'TWD', 'KRW', 'SGD', 'AUD', 'CAD', 'CHF'];

/** A DatePicker whose form value is 'YYYY-MM-DD' ('' when empty). */
export const dateProps = {
  getValueProps: (value: string) => ({ value: value ? dayjs(value) : undefined }),
  normalize: (value: dayjs.Dayjs | null) => (value ? value.format('YYYY-MM-DD') : ''),
};
