/**
 * An instant as people of a conference read it: 'YYYY-MM-DD HH:mm' (or with seconds) in the
 * conference's time zone. Mails, exports and documents all write times this way, so a registration
 * time in the spreadsheet matches what the screens show.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

export function localTime(at: Date, timeZone: string, withSeconds = false): string {
  const key = `${timeZone}|${withSeconds}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('sv-SE', { timeZone, dateStyle: 'short', timeStyle: withSeconds ? 'medium' : 'short' });
    // One per zone and precision; conferences use a handful of zones.
    if (formats.size < 200) formats.set(key, format);
  }
  return format.format(at);
}
