/** A figure with its title, drawn like antd's Statistic (`lst-*` in public/app.css), without it (issue 32). */
import type { ReactNode } from 'react';

export function LightStatistic({ title, value }: { title: ReactNode; value: ReactNode }) {
  return (
    <div className="lst">
      <div className="lst-title">{title}</div>
      <div className="lst-value">{value}</div>
    </div>
  );
}
