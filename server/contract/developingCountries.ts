/**
 * The countries that count as "developing" for a fee's user scope (spec 3: "users from
 * third-world countries only"; spec 9 fee scopes).
 *
 * Which list: the World Bank's country classification by income level for its fiscal year 2027
 * (in force from 1 July 2026, from 2025 GNI per capita, Atlas method). Developing = every economy
 * the World Bank classes as low income, lower-middle income or upper-middle income; high-income
 * economies and economies it does not classify (Venezuela since FY2022; Western Sahara, and
 * territories counted with their sovereign state, such as Reunion or Mayotte) are not developing.
 * Moves between the three developing groups (FY2026: Cabo Verde and Samoa up, Namibia down;
 * FY2027: Jordan, Micronesia, the Philippines, Sri Lanka and Viet Nam up, Togo up) change nothing
 * here; moves across the high-income line do (FY2024: Guyana and American Samoa; FY2025: Bulgaria,
 * Palau and Russia; FY2026: Costa Rica). Review this list each July against the World Bank's
 * published table (datahelpdesk.worldbank.org, "World Bank country and lending groups").
 *
 * Names: each entry is the English name exactly as in countries.ts (COUNTRIES[].en), the value
 * a registration stores; the Chinese and English names people see come from countries.ts
 * (countryLabel). Where the World Bank's name differs, the countries.ts name is used ("Congo"
 * for Congo, Rep.; "Laos" for Lao PDR; "Palestine" for West Bank and Gaza; "Turkey" for
 * Türkiye). Economies the World Bank lists that countries.ts has no entry for (Côte d'Ivoire,
 * the Democratic People's Republic of Korea, Kosovo) cannot be chosen on a form and are absent.
 * 'Others' and an unknown country ('') are not developing. A test checks every name exists in
 * COUNTRIES. No Node imports here.
 */
export const DEVELOPING_COUNTRIES: ReadonlySet<string> = new Set([
  // low income
  'Afghanistan',
  'Burkina Faso',
  'Burundi',
  'Central African Republic',
  'Chad',
  'Congo, Democratic Republic of the',
  'Eritrea',
  'Ethiopia',
  'Gambia',
  'Guinea-Bissau',
  'Liberia',
  'Madagascar',
  'Malawi',
  'Mali',
  'Mozambique',
  'Niger',
  'Rwanda',
  'Sierra Leone',
  'Somalia',
  'South Sudan',
  'Sudan',
  'Syria',
  'Uganda',
  'Yemen',
  // lower-middle income
  'Angola',
  'Bangladesh',
  'Benin',
  'Bhutan',
  'Bolivia',
  'Cambodia',
  'Cameroon',
  'Comoros',
  'Congo',
  'Djibouti',
  'Egypt',
  'Eswatini',
  'Ghana',
  'Guinea',
  'Haiti',
  'Honduras',
  'India',
  'Kenya',
  'Kiribati',
  'Kyrgyzstan',
  'Laos',
  'Lebanon',
  'Lesotho',
  'Mauritania',
  'Morocco',
  'Myanmar',
  'Namibia',
  'Nepal',
  'Nicaragua',
  'Nigeria',
  'Pakistan',
  'Palestine',
  'Papua New Guinea',
  'Sao Tome and Principe',
  'Senegal',
  'Solomon Islands',
  'Tajikistan',
  'Tanzania',
  'Timor-Leste',
  'Togo',
  'Tunisia',
  'Uzbekistan',
  'Vanuatu',
  'Zambia',
  'Zimbabwe',
  // upper-middle income
  'Albania',
  'Algeria',
  'Argentina',
  'Armenia',
  'Azerbaijan',
  'Belarus',
  'Belize',
  'Bosnia and Herzegovina',
  'Botswana',
  'Brazil',
  'Cape Verde',
  'China',
  'Colombia',
  'Cuba',
  'Dominica',
  'Dominican Republic',
  'Ecuador',
  'El Salvador',
  'Equatorial Guinea',
  'Fiji',
  'Gabon',
  'Georgia',
  'Grenada',
  'Guatemala',
  'Indonesia',
  'Iran',
  'Iraq',
  'Jamaica',
  'Jordan',
  'Kazakhstan',
  'Libya',
  'Malaysia',
  'Maldives',
  'Marshall Islands',
  'Mauritius',
  'Mexico',
  'Micronesia',
  'Moldova',
  'Mongolia',
  'Montenegro',
  'North Macedonia',
  'Paraguay',
  'Peru',
  'Philippines',
  'Saint Lucia',
  'Saint Vincent and the Grenadines',
  'Samoa',
  'Serbia',
  'South Africa',
  'Sri Lanka',
  'Suriname',
  'Thailand',
  'Tonga',
  'Turkey',
  'Turkmenistan',
  'Tuvalu',
  'Ukraine',
  'Vietnam',
]);

/** Whether a person of this country (an English name of countries.ts, '' unknown) counts as from a developing country. */
export function isDevelopingCountry(country: string): boolean {
  return DEVELOPING_COUNTRIES.has(country);
}
