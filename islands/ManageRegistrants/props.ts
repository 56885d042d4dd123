/** What the server hands the ManageRegistrants screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { RegistrantPage } from '../../server/contract/registrants';
import type { Lang } from '../shared/locale';

/** The list's filter (issue 33): what the form shows and the address holds. */
export type RegistrantFilter = {
  name?: string;
  email?: string;
  country?: string;
  unit?: string;
  from?: string;
  to?: string;
  version?: string;
};
export type ManageRegistrantsProps = {
  lang: Lang;
  mobile: boolean;
  initial: RegistrantPage;
  badgeEnabled: boolean;
  mailConfigured: boolean;
  versions: string[];
  /** the filter the address gave (the first page is already filtered) */
  filter?: RegistrantFilter;
  /** the countries or regions registrants gave, labelled */
  countries?: Array<{ value: string; label: string }>;
};
