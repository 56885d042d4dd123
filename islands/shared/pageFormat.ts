/**
 * What the page list and the page editor (ManagePageList, ManagePageEditor) both write: a page's
 * times, and the paths of the two lists (pages, templates).
 */

/**
 * Times in the conference's time zone, assembled from parts so that the server and the browser
 * write exactly the same text (hydration), whatever their locale data.
 */
export function formatTime(iso: string, timeZone: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(date);
  } catch {
    return iso.slice(0, 16).replace('T', ' ');
  }
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/** The management section of each kind of page: its list and its editor live under it. */
export const SECTION = { PAGE: '/platform/config/page', TEMPLATE: '/platform/config/template' } as const;
