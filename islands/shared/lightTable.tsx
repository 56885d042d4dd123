/**
 * A read-only table drawn like antd's Table (public/app.css, `lt-*`), without it: antd's Table
 * brings its selection (checkbox, radio, dropdown, menu), its pagination with the page-size Select
 * and its virtual list, ~60 KB gzipped on a page that only lists rows (issue 32). For the lists of
 * the personal centre and of reviewers: columns with a title and a cell, an empty text, and pages of
 * `pageSize` rows when there are more. Management tables with selection and expandable rows keep
 * antd's (ManageTable.tsx).
 */
import { useState, type CSSProperties, type Key, type ReactNode } from 'react';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { translator } from './i18n';
import type { Lang } from './locale';

export type LightColumn<R> = {
  key: string;
  title: ReactNode;
  /** a field shown as it is, when there is no `render` */
  dataIndex?: keyof R & string;
  render?: (value: unknown, row: R, index: number) => ReactNode;
  width?: number;
  /** kept on one line (a number, a date) */
  nowrap?: boolean;
};

export type LightTableProps<R> = {
  lang: Lang;
  columns: Array<LightColumn<R>>;
  dataSource: R[];
  rowKey: (keyof R & string) | ((row: R) => Key);
  /** antd's sizes: `small` 8 px cells, `middle` 12 × 8 px */
  size?: 'small' | 'middle';
  emptyText?: ReactNode;
  /** rows per page; every row on one page when left out */
  pageSize?: number;
  /** wider than its box: it scrolls sideways instead of squeezing the columns */
  scrollX?: boolean;
  className?: string;
};

export function LightTable<R>({
  lang,
  columns,
  dataSource,
  rowKey,
  size = 'middle',
  emptyText,
  pageSize,
  scrollX,
  className,
}: LightTableProps<R>) {
  const [page, setPage] = useState(1);
  const pages = pageSize ? Math.max(1, Math.ceil(dataSource.length / pageSize)) : 1;
  const current = Math.min(page, pages);
  const rows = pageSize ? dataSource.slice((current - 1) * pageSize, current * pageSize) : dataSource;
  const keyOf = (row: R): Key => (typeof rowKey === 'function' ? rowKey(row) : (row[rowKey] as Key));
  const cellStyle = (c: LightColumn<R>): CSSProperties | undefined =>
    c.width || c.nowrap ? { width: c.width, whiteSpace: c.nowrap ? 'nowrap' : undefined } : undefined;
  const offset = pageSize ? (current - 1) * pageSize : 0;
  return (
    <div className={['lt-wrapper', `lt-${size}`, className].filter(Boolean).join(' ')}>
      <div className={scrollX ? 'lt-scroll' : undefined}>
        <table className="lt-table" style={scrollX ? { minWidth: '100%', width: 'max-content' } : undefined}>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.key} scope="col" className="lt-cell" style={cellStyle(c)}>
                  {c.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr className="lt-placeholder">
                <td className="lt-cell" colSpan={columns.length}>
                  {emptyText ?? translator(lang)('controls:table.empty')}
                </td>
              </tr>
            ) : (
              rows.map((row, i) => (
                <tr key={keyOf(row)} className="lt-row" data-row-key={String(keyOf(row))}>
                  {columns.map((c) => (
                    <td key={c.key} className="lt-cell" style={cellStyle(c)}>
                      {c.render
                        ? c.render(c.dataIndex ? row[c.dataIndex] : undefined, row, offset + i)
                        : c.dataIndex
                          ? (row[c.dataIndex] as ReactNode)
                          : null}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {pages > 1 ? <Pager lang={lang} current={current} pages={pages} onPage={setPage} /> : null}
    </div>
  );
}

/** antd's pagination, its numbers and arrows only (no page size to choose). */
function Pager({
  lang,
  current,
  pages,
  onPage,
}: {
  lang: Lang;
  current: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  const t = translator(lang);
  const numbers = Array.from({ length: pages }, (_, i) => i + 1);
  return (
    <nav className="lt-pagination" aria-label={t('controls:table.pages')}>
      <button
        type="button"
        className="lt-page lt-page-arrow"
        disabled={current === 1}
        aria-label={t('controls:table.previous')}
        onClick={() => onPage(current - 1)}
      >
        <LeftOutlined aria-hidden />
      </button>
      {numbers.map((n) => (
        <button
          key={n}
          type="button"
          className={n === current ? 'lt-page lt-page-current' : 'lt-page'}
          aria-current={n === current ? 'page' : undefined}
          aria-label={t('controls:table.page', { n })}
          onClick={() => onPage(n)}
        >
          {n}
        </button>
      ))}
      <button
        type="button"
        className="lt-page lt-page-arrow"
        disabled={current === pages}
        aria-label={t('controls:table.next')}
        onClick={() => onPage(current + 1)}
      >
        <RightOutlined aria-hidden />
      </button>
    </nav>
  );
}
