/**
 * Every feature's endpoint map, for the tests that prove each API route is declared once in a
 * contract and mounted once (test/server/platform/contracts.test.ts). A new feature adds its map.
 */
import { feedbackApi } from './feedback';
import { mailApi } from './mail';
import { noticesApi } from './notices';
import { registrationApi } from './registration';

export const ENDPOINTS = {
  feedback: feedbackApi,
  registration: registrationApi,
  mail: mailApi,
  notices: noticesApi,
} as const;
