/**
 * A range of days for the filter bars, on the browser's own date fields, drawn like antd's
 * RangePicker (public/app.css, `ldr-*`): antd's picker and dayjs are ~34 KB gzipped on a page that
 * shows a filter bar (issue 32). Typing, the keyboard and the calendar are the browser's.
 *
 * The value is what the filters send: [from, to] as 'YYYY-MM-DD', either end may be empty (null),
 * as antd's `allowEmpty` let it; null when both are. Form.Item passes `id` (the first field's, which
 * its label names), `value` and `onChange`.
 */
import { CloseCircleFilled, SwapRightOutlined } from '@ant-design/icons';
import { translator } from './i18n';
import type { Lang } from './locale';

export type DayRange = [string | null, string | null] | null;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (v: string | null | undefined): string => (v && DAY.test(v) ? v : '');

/** A range with its days in order (the later one picked first is the end all the same); null when both are empty. */
export function orderedRange(from: string | null | undefined, to: string | null | undefined): DayRange {
  const a = day(from) || null;
  const b = day(to) || null;
  if (!a && !b) return null;
  return a && b && a > b ? [b, a] : [a, b];
}

export type LightDateRangeProps = {
  lang: Lang;
  /** the field's label, said before "start date" and "end date" to a screen reader */
  label?: string;
  id?: string;
  value?: DayRange;
  onChange?: (value: DayRange) => void;
  /** the whole width of its row (the filters on a phone) */
  block?: boolean;
};

export function LightDateRange({ lang, label, id, value, onChange, block }: LightDateRangeProps) {
  const t = translator(lang);
  const from = day(value?.[0]);
  const to = day(value?.[1]);
  // Each end as it is typed, with no min or max (the form's own check would then refuse the search):
  // the order is put right when the filters are read (orderedRange).
  const set = (a: string, b: string) => onChange?.(a || b ? [a || null, b || null] : null);
  const named = (part: string) => (label ? `${label}: ${part}` : part);
  return (
    <div className={block ? 'ldr-range ldr-block' : 'ldr-range'} role="group" aria-label={label}>
      <input
        id={id}
        className={from ? 'ldr-input' : 'ldr-input ldr-empty'}
        type="date"
        value={from}
        aria-label={named(t('controls:dateRange.start'))}
        onChange={(e) => set(e.target.value, to)}
      />
      <SwapRightOutlined className="ldr-separator" aria-hidden />
      <input
        id={id ? `${id}_end` : undefined}
        className={to ? 'ldr-input' : 'ldr-input ldr-empty'}
        type="date"
        value={to}
        aria-label={named(t('controls:dateRange.end'))}
        onChange={(e) => set(from, e.target.value)}
      />
      {from || to ? (
        <button
          type="button"
          className="ldr-clear"
          aria-label={named(t('controls:dateRange.clear'))}
          onClick={() => onChange?.(null)}
        >
          <CloseCircleFilled aria-hidden />
        </button>
      ) : null}
    </div>
  );
}
