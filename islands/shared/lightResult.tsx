/**
 * A result panel (a big icon, a title, a line under it, what to do next) drawn like antd's Result,
 * without it: antd's Result carries its 403/404/500 illustrations to every page that shows a
 * success (~10 KB gzipped, issue 32). Drawn by the `lr-*` rules of public/app.css.
 */
import type { ReactNode } from 'react';
import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled, WarningFilled } from '@ant-design/icons';

export type LightResultStatus = 'success' | 'error' | 'info' | 'warning';

const ICONS = {
  success: CheckCircleFilled,
  error: CloseCircleFilled,
  info: ExclamationCircleFilled,
  warning: WarningFilled,
};

export function LightResult({
  status = 'info',
  title,
  subTitle,
  extra,
  icon,
}: {
  status?: LightResultStatus;
  title: ReactNode;
  subTitle?: ReactNode;
  extra?: ReactNode;
  icon?: ReactNode;
}) {
  const Icon = ICONS[status];
  return (
    <div className={`lr-result lr-result-${status}`}>
      <div className="lr-icon">{icon ?? <Icon />}</div>
      <div className="lr-title">{title}</div>
      {subTitle ? <div className="lr-subtitle">{subTitle}</div> : null}
      {extra ? <div className="lr-extra">{extra}</div> : null}
    </div>
  );
}
