/**
 * The one table of the management screens (issue 32). On a desktop an antd table laid out by its
 * content: no sideways scroll, no fixed widths that add up past the panel (the order table's user
 * column came out 0 px wide), each column a minimum width so a name never wraps a letter per line,
 * long words (e-mail addresses) broken where needed. On a phone each row is a card: the primary
 * column as its heading, every other column as "label: value", then the details (the desktop's
 * expanded row) and the actions, so nothing hides behind a sideways scroll.
 */
import { useContext, type Key, type ReactNode } from 'react';
import { Checkbox, ConfigProvider, Empty, Pagination, Table } from 'antd';
import type { TablePaginationConfig } from 'antd';

export type ManageColumn<R> = {
  key: string;
  title: ReactNode;
  render: (row: R, index: number) => ReactNode;
  /** px under which the column is never squeezed (default 72) */
  minWidth?: number;
  /** the card's heading on a phone */
  primary?: boolean;
  /** the card's last line on a phone, without a label (the row's actions) */
  actions?: boolean;
  /** left out of the card (what the heading already says) */
  hideInCard?: boolean;
};

export type ManageTableProps<R> = {
  mobile: boolean;
  rows: readonly R[];
  rowKey: (row: R) => Key;
  columns: Array<ManageColumn<R> | false | null | undefined>;
  /** what the desktop shows when a row is expanded, and the card under its fields */
  details?: (row: R) => ReactNode;
  /** what an empty table says (antd's own "no data" in the page's language when not given) */
  emptyText?: ReactNode;
  loading?: boolean;
  pagination?:
    | false
    | {
        current: number;
        pageSize: number;
        total: number;
        onChange: (page: number) => void;
        hideOnSinglePage?: boolean;
      };
  /** rows chosen for a bulk action: a checkbox column on a desktop, a checkbox in each card's heading on a phone */
  selection?: { selected: Key[]; onChange: (keys: Key[]) => void; label: (row: R) => string };
  size?: 'small' | 'middle';
  className?: string;
};

export function ManageTable<R extends object>({
  mobile,
  rows,
  rowKey,
  columns: all,
  details,
  emptyText,
  loading,
  pagination,
  selection,
  size,
  className,
}: ManageTableProps<R>) {
  const columns = all.filter((c): c is ManageColumn<R> => Boolean(c));
  // The card's details open on demand, under antd's own "expand row" in the page's language: open, a phone page of 15 orders was 10,000 px.
  const expandLabel = useContext(ConfigProvider.ConfigContext).locale?.Table?.expand ?? '…';
  const classes = ['manage-table', className].filter(Boolean).join(' ');
  if (mobile) {
    const primary = columns.find((c) => c.primary);
    const actions = columns.filter((c) => c.actions);
    const fields = columns.filter((c) => !c.primary && !c.actions && !c.hideInCard);
    return (
      <div className={`${classes} manage-cards`} aria-busy={loading || undefined}>
        {rows.length ? null : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />}
        {rows.map((row, index) => {
          const key = rowKey(row);
          const heading = primary?.render(row, index);
          return (
            <article key={key} className="manage-card">
              <header className="manage-card-heading">
                {selection ? (
                  <Checkbox
                    checked={selection.selected.includes(key)}
                    aria-label={selection.label(row)}
                    onChange={(e) =>
                      selection.onChange(
                        e.target.checked ? [...selection.selected, key] : selection.selected.filter((k) => k !== key),
                      )
                    }
                  />
                ) : null}
                <div className="manage-card-title">{heading}</div>
              </header>
              <dl className="manage-card-fields">
                {fields.map((c) => (
                  <div key={c.key}>
                    <dt>{c.title}</dt>
                    <dd>{c.render(row, index)}</dd>
                  </div>
                ))}
              </dl>
              {details ? (
                <details className="manage-card-details">
                  <summary>{expandLabel}</summary>
                  {details(row)}
                </details>
              ) : null}
              {actions.length ? (
                <div className="manage-card-actions">
                  {actions.map((c) => (
                    <div key={c.key}>{c.render(row, index)}</div>
                  ))}
                </div>
              ) : null}
            </article>
          );
        })}
        {pagination && pagination.total > pagination.pageSize ? (
          <Pagination
            simple
            className="manage-cards-pager"
            current={pagination.current}
            pageSize={pagination.pageSize}
            total={pagination.total}
            onChange={pagination.onChange}
          />
        ) : null}
      </div>
    );
  }
  const page: false | TablePaginationConfig = pagination
    ? {
        current: pagination.current,
        pageSize: pagination.pageSize,
        total: pagination.total,
        onChange: pagination.onChange,
        showSizeChanger: false,
        hideOnSinglePage: pagination.hideOnSinglePage,
      }
    : false;
  const width = (c: ManageColumn<R>) => () => ({ style: { minWidth: c.minWidth ?? 72 } });
  return (
    <Table<R>
      className={classes}
      rowKey={(row) => rowKey(row)}
      size={size ?? 'middle'}
      loading={loading}
      dataSource={rows as R[]}
      tableLayout="auto"
      pagination={page}
      locale={emptyText ? { emptyText } : undefined}
      expandable={details ? { expandedRowRender: (row) => details(row) } : undefined}
      rowSelection={
        selection
          ? {
              selectedRowKeys: selection.selected,
              onChange: (keys) => selection.onChange(keys),
              getCheckboxProps: (row) => ({ 'aria-label': selection.label(row) }),
            }
          : undefined
      }
      columns={columns.map((c) => ({
        key: c.key,
        title: c.title,
        render: (_: unknown, row: R, index: number) => c.render(row, index),
        onCell: width(c),
        onHeaderCell: width(c),
      }))}
    />
  );
}
