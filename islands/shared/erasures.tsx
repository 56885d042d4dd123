/** How an erasure's facts read on the screens of the privacy feature (issue 32). */
import type { ConferenceErasureView } from '../../server/contract/privacy';

/** An instant as `YYYY-MM-DD HH:mm UTC`: the same on the server and in the browser (no hydration drift). */
export const utcMinute = (iso: string | null) => (iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : '—');

/** What an erasure kept in a conference, one line per kind, or "nothing". */
export function keptLines(kept: ConferenceErasureView['kept'], t: (key: string, options?: Record<string, unknown>) => string): string[] {
  const lines = Object.entries(kept)
    .filter(([, n]) => n > 0)
    .map(([key, count]) => t(`privacy:kept.${key}`, { count }));
  return lines.length ? lines : [t('privacy:kept.none')];
}
