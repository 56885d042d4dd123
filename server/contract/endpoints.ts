/**
 * Every feature's endpoint map, for the tests that prove each API route is declared once in a
 * contract and mounted once (test/server/platform/contracts.test.ts). A new feature adds its map.
 */
import { accountsApi } from './accounts';
import { conferencesApi } from './conferences';
import { feedbackApi } from './feedback';
import { unitsApi } from './units';

export const ENDPOINTS = {
  feedback: feedbackApi,
  accounts: accountsApi,
  units: unitsApi,
  conferences: conferencesApi,
} as const;
