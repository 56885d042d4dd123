/** How an erasure's facts read on the screens of the privacy feature (issue 32). */
import type { ReactNode } from 'react';
import { ConfigProvider, Tag } from 'antd';
import type { ConferenceErasureView } from '../../server/contract/privacy';

/**
 * antd's red (#ff4d4f) and its green and blue tags are below WCAG's 4.5:1 for their text: these
 * screens' danger buttons use a darker red, their state tags darker text (axe-core, test/e2e/ownData.test.ts).
 */
const READABLE = { token: { colorError: '#b91c1c', colorErrorHover: '#991b1b', colorErrorActive: '#7f1d1d' } };
export function Readable({ children }: { children: ReactNode }) {
  return <ConfigProvider theme={READABLE}>{children}</ConfigProvider>;
}

const STATE_STYLE = {
  done: { color: '#166534', background: '#dcfce7', borderColor: '#86efac' },
  erasing: { color: '#1e3a8a', background: '#dbeafe', borderColor: '#93c5fd' },
};
export function StateTag({ state, label }: { state: 'done' | 'erasing'; label: string }) {
  return <Tag style={STATE_STYLE[state]}>{label}</Tag>;
}

/** An instant as `YYYY-MM-DD HH:mm UTC`: the same on the server and in the browser (no hydration drift). */
export const utcMinute = (iso: string | null) => (iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : '—');

/** What an erasure kept in a conference, one line per kind, or "nothing". */
export function keptLines(
  kept: ConferenceErasureView['kept'],
  t: (key: string, options?: Record<string, unknown>) => string,
): string[] {
  const lines = Object.entries(kept)
    .filter(([, n]) => n > 0)
    .map(([key, count]) => t(`privacy:kept.${key}`, { count }));
  return lines.length ? lines : [t('privacy:kept.none')];
}
