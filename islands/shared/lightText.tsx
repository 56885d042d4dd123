/**
 * Text, paragraphs and titles drawn like antd's Typography (public/app.css, `lx-*`), without it:
 * antd's Typography carries its editing and copying (a TextArea, hence antd's Input, ~15 KB gzipped,
 * issue 32). For `import { LightTypography as Typography }` where a screen uses none of those: the
 * same names and props (`type`, `strong`, `delete`, `level`, `style`, `className`; Link's `href`).
 */
import type { CSSProperties, ReactNode } from 'react';

type Common = { className?: string; style?: CSSProperties; children?: ReactNode };
type Kind = { type?: 'secondary' | 'danger' | 'success' | 'warning' };

const classes = (...names: Array<string | false | undefined>) => names.filter(Boolean).join(' ');

function Text({
  type,
  strong,
  delete: deleted,
  className,
  style,
  children,
}: Common & Kind & { strong?: boolean; delete?: boolean }) {
  let inner = children;
  if (strong) inner = <strong>{inner}</strong>;
  if (deleted) inner = <del>{inner}</del>;
  return (
    <span className={classes('lx-text', type && `lx-${type}`, className)} style={style}>
      {inner}
    </span>
  );
}

function Paragraph({ type, className, style, children }: Common & Kind) {
  return (
    <div className={classes('lx-paragraph', type && `lx-${type}`, className)} style={style}>
      {children}
    </div>
  );
}

function Title({ level = 1, className, style, children }: Common & { level?: 1 | 2 | 3 | 4 | 5 }) {
  const Heading = `h${level}` as const;
  return (
    <Heading className={classes('lx-title', className)} style={style}>
      {children}
    </Heading>
  );
}

function Link({
  href,
  target,
  rel,
  className,
  style,
  children,
}: Common & { href?: string; target?: string; rel?: string }) {
  return (
    <a className={classes('lx-link', className)} href={href} target={target} rel={rel} style={style}>
      {children}
    </a>
  );
}

export const LightTypography = { Text, Paragraph, Title, Link };
