/** The developing-country data (spec 3 user scope, 9): every name is a country of the forms' list. */
import { expect, test } from 'vitest';
import { COUNTRIES } from '../../../server/contract/countries';
import { DEVELOPING_COUNTRIES, isDevelopingCountry } from '../../../server/contract/developingCountries';

test('every developing country is named exactly as in COUNTRIES (en)', () => {
  const names = new Set(COUNTRIES.map((c) => c.en));
  expect([...DEVELOPING_COUNTRIES].filter((n) => !names.has(n))).toEqual([]);
  expect(DEVELOPING_COUNTRIES.size).toBeGreaterThan(100);
});

test("low, middle and high income; 'Others' and an unknown country are not developing", () => {
  for (const c of ['Afghanistan', 'India', 'China', 'Brazil', 'Nigeria', 'Vietnam'])
    expect(isDevelopingCountry(c), c).toBe(true);
  for (const c of [
    'United States',
    'Germany',
    'Japan',
    'Korea, Republic of',
    'Russia',
    'Costa Rica',
    'Guyana',
    'Others',
    '',
  ])
    expect(isDevelopingCountry(c), c).toBe(false);
});
