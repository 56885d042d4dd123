/**
 * A list of rows (a title, a line under it, buttons at the end) drawn like antd's List, without it:
 * antd's List brings its pagination, which brings antd's Select and a virtual list (~30 KB gzipped
 * on a page, issue 32). No pagination: the lists it serves are short. Drawn by `ll-*` in public/app.css.
 */
import type { Key, ReactNode } from 'react';

export type LightListItem = {
  key: Key;
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode[];
  className?: string;
};

export function LightList({
  header,
  items,
  className,
}: {
  header?: ReactNode;
  items: LightListItem[];
  className?: string;
}) {
  return (
    <div className={className ? `ll-list ${className}` : 'll-list'}>
      {header ? <div className="ll-header">{header}</div> : null}
      <ul className="ll-items">
        {items.map((item) => (
          <li key={item.key} className={item.className ? `ll-item ${item.className}` : 'll-item'}>
            <div className="ll-meta">
              <h4 className="ll-title">{item.title}</h4>
              {item.description !== undefined && item.description !== null ? (
                <div className="ll-description">{item.description}</div>
              ) : null}
            </div>
            {item.actions?.length ? (
              <ul className="ll-actions">
                {item.actions.map((action, i) => (
                  <li key={i}>{action}</li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
