/**
 * A card (a head with a title and something at its end, a body) drawn like antd's Card, without it:
 * antd's Card brings its head's tabs, with Tabs, their menu and dropdown (~17 KB gzipped, issue 32).
 * Sizes 'default' and 'small', type 'inner', `styles.body`/`styles.header` as antd's. Drawn by `lc-*` in public/app.css.
 */
import type { CSSProperties, ReactNode } from 'react';

export type LightCardProps = {
  title?: ReactNode;
  extra?: ReactNode;
  size?: 'default' | 'small';
  type?: 'inner';
  className?: string;
  style?: CSSProperties;
  styles?: { body?: CSSProperties; header?: CSSProperties };
  children?: ReactNode;
};

export function LightCard({ title, extra, size, type, className, style, styles, children }: LightCardProps) {
  const classes = ['lc-card', size === 'small' ? 'lc-small' : '', type === 'inner' ? 'lc-inner' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={classes} style={style}>
      {title !== undefined || extra !== undefined ? (
        <div className="lc-head" style={styles?.header}>
          <div className="lc-head-wrapper">
            {title !== undefined ? <div className="lc-head-title">{title}</div> : null}
            {extra !== undefined ? <div className="lc-extra">{extra}</div> : null}
          </div>
        </div>
      ) : null}
      <div className="lc-body" style={styles?.body}>
        {children}
      </div>
    </div>
  );
}
