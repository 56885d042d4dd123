/**
 * The registration panel of the managers' overview (issue 33): registrants per day and in all
 * against the cap, the registration window marked, by form version, country or region, and unit.
 */
import { countryLabel } from '../../contract/countries';
import { listAddress } from '../../contract/listAddress';
import { NO_COUNTRY } from '../../contract/registration';
import type { OverviewPanelView } from '../../contract/overview';
import type { Db } from '../../db/index';
import { t } from '../../platform/i18n';
import type { OverviewContext, OverviewPanel } from '../../platform/overview';
import { countedChart, cumulative, everyDay, formatCount } from '../../platform/overviewFigures';
import { todayIn, utcOffsetMinutes } from '../../platform/localTime';
import { registrationFigures } from './repo';
import { capOf, loadSettings } from './settings';

const LIST = '/platform/manage/user';
/** the registrant list filtered (its address filters, issue 33) */
const list = (filter: Record<string, string>) => listAddress(LIST, filter);

export function registrationOverview(db: Db): OverviewPanel {
  return {
    name: 'registration',
    order: 10,
    changedBy: ['registration.created', 'registrant.deleted'],
    load: (ctx) => registrationPanel(db, ctx),
  };
}

async function registrationPanel(
  db: Db,
  { conferenceId, lang, now, timeZone }: OverviewContext,
): Promise<OverviewPanelView> {
  const settings = await loadSettings(db, conferenceId);
  const f = await registrationFigures(db, conferenceId, utcOffsetMinutes(timeZone, now));
  const cap = capOf(settings);
  const today = todayIn(timeZone, now);
  const window = [settings.registerStartDate, settings.registerEndDate].filter(Boolean);
  // The days run to today, or to the window's end when it is near (a year of empty days says nothing).
  const soon = new Date(now.getTime() + 60 * 86_400_000).toISOString().slice(0, 10);
  const { days, values } = everyDay(
    f.perDay,
    [settings.registerStartDate, today, settings.registerEndDate <= soon ? settings.registerEndDate : ''].filter(
      Boolean,
    ),
  );
  const total = f.perDay.reduce((sum, d) => sum + d.n, 0);
  const shown = values.reduce((sum, v) => sum + v, 0);
  const marks = [
    ...(settings.registerStartDate && days.includes(settings.registerStartDate)
      ? [{ at: settings.registerStartDate, label: t(lang, 'overview:registration.opens') }]
      : []),
    ...(settings.registerEndDate && days.includes(settings.registerEndDate)
      ? [{ at: settings.registerEndDate, label: t(lang, 'overview:registration.closes') }]
      : []),
  ];
  const people = t(lang, 'overview:people');
  const inCountries = f.byCountry.reduce((sum, c) => sum + c.n, 0);
  const countries = [
    ...f.byCountry.map((c) => ({ key: c.key ? countryLabel(c.key, lang) : t(lang, 'overview:notGiven'), n: c.n })),
    ...(total > inCountries ? [{ key: t(lang, 'overview:others'), n: total - inCountries }] : []),
  ];
  // "others" is many countries: no one list is behind it
  const countryLinks = [
    ...f.byCountry.map((c) => list({ country: c.key || NO_COUNTRY })),
    ...(total > inCountries ? [null] : []),
  ];
  return {
    name: 'registration',
    title: t(lang, 'overview:registration.title'),
    at: now.toISOString(),
    figures: [
      {
        label: t(lang, 'overview:registration.registered'),
        value: `${formatCount(total, lang)} / ${formatCount(cap, lang)}`,
        href: LIST,
        warn: total >= cap,
      },
      {
        label: t(lang, 'overview:registration.today'),
        value: formatCount(f.perDay.find((d) => d.day === today)?.n ?? 0, lang),
        href: list({ from: today, to: today }),
      },
      {
        label: t(lang, 'overview:registration.window'),
        value: window.length ? `${settings.registerStartDate || '…'} — ${settings.registerEndDate || '…'}` : '—',
      },
    ],
    charts: [
      {
        id: 'registration.perDay',
        title: t(lang, 'overview:registration.perDay'),
        kind: 'bar',
        categories: days,
        series: [{ name: people, values }],
        marks,
        href: LIST,
        links: days.map((d) => list({ from: d, to: d })),
        ...(days.length ? {} : { empty: true }),
      },
      {
        id: 'registration.cumulative',
        title: t(lang, 'overview:registration.cumulative'),
        kind: 'line',
        categories: days,
        series: [{ name: t(lang, 'overview:registration.registered'), values: cumulative(values, total - shown) }],
        limit: { value: cap, label: t(lang, 'overview:registration.cap') },
        marks,
        href: LIST,
        // registered up to that day
        links: days.map((d) => list({ to: d })),
        ...(days.length ? {} : { empty: true }),
      },
      countedChart('registration.byVersion', t(lang, 'overview:registration.byVersion'), f.byVersion, {
        series: people,
        href: LIST,
        links: (version) => list({ version }),
      }),
      {
        ...countedChart('registration.byCountry', t(lang, 'overview:registration.byCountry'), countries, {
          kind: 'hbar',
          series: people,
          href: LIST,
        }),
        links: countryLinks,
      },
      countedChart('registration.byUnit', t(lang, 'overview:registration.byUnit', { top: 20 }), f.byUnit, {
        kind: 'hbar',
        series: people,
        href: LIST,
        links: (unit) => list({ unit }),
      }),
    ],
  };
}
