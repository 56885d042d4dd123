/**
 * Every feature's endpoint map, for the tests that prove each API route is declared once in a
 * contract and mounted once (test/server/platform/contracts.test.ts). A new feature adds its map.
 */
import { accountsApi } from './accounts';
import { conferencesApi } from './conferences';
import { documentsApi } from './documents';
import { feedbackApi } from './feedback';
import { filesApi } from './files';
import { mailApi } from './mail';
import { noticesApi } from './notices';
import { pagesApi } from './pages';
import { paymentsApi } from './payments';
import { registrationApi } from './registration';
import { sitesApi } from './sites';
import { unitsApi } from './units';

export const ENDPOINTS = {
  files: filesApi,
  sites: sitesApi,
  mail: mailApi,
  accounts: accountsApi,
  conferences: conferencesApi,
  pages: pagesApi,
  registration: registrationApi,
  documents: documentsApi,
  payments: paymentsApi,
  feedback: feedbackApi,
  notices: noticesApi,
  units: unitsApi,
} as const;
