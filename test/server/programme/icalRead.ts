/**
 * A calendar read back as a calendar application reads it, with ical.js: the VTIMEZONEs it
 * carries are registered first (ical.js resolves a TZID only through its zone service), so each
 * event's times are in the zone the file names.
 */
import ICAL from 'ical.js';

export function readCalendar(text: string): { calendar: ICAL.Component; events: ICAL.Event[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  return { calendar, events: calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v)) };
}

/** An event's start and end as ISO instants, its zone's name and its local start ('YYYY-MM-DDTHH:MM:SS'). */
export function timesOf(e: ICAL.Event): {
  start: string;
  end: string;
  zone: string;
  localStart: string;
  localEnd: string;
} {
  return {
    start: e.startDate.toJSDate().toISOString(),
    end: e.endDate.toJSDate().toISOString(),
    zone: e.startDate.zone?.tzid ?? '',
    localStart: e.startDate.toString(),
    localEnd: e.endDate.toString(),
  };
}
