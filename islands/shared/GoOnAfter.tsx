/**
 * "Going on in N s" under a bar that blocks the page (spec 2.8 "elsewhere": an unregistered person
 * is sent to the registration, an unpaid one to the fee page, after a visible countdown). The
 * person may stay: the countdown stops and the bar's own button still leads on. The server
 * renders the full count, so the hydrated text matches; the count runs only in the browser.
 */
import { useEffect, useState } from 'react';
import { Button } from 'antd';
import { LightTypography as Typography } from './lightText';
import type { T } from './i18n';

/** Long enough to read the bar, short enough to be worth waiting for. */
export const GO_ON_SECONDS = 8;

export function GoOnAfter({ t, to, where }: { t: T; to: string; where: 'register' | 'fees' }) {
  const [left, setLeft] = useState<number | null>(GO_ON_SECONDS);
  useEffect(() => {
    if (left === null) return;
    if (left <= 0) return void location.assign(to);
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, to]);
  if (left === null) return null;
  return (
    <Typography.Text type="secondary" className="go-on-after">
      {t(`goOn.${where}`, { seconds: left })}{' '}
      <Button type="link" size="small" onClick={() => setLeft(null)} style={{ padding: 0 }}>
        {t('goOn.stay')}
      </Button>
    </Typography.Text>
  );
}
