/**
 * Every feature's endpoint map, for the tests that prove each API route is declared once in a
 * contract and mounted once (test/server/platform/contracts.test.ts). A new feature adds its map.
 */
import { documentsApi } from './documents';
import { feedbackApi } from './feedback';
import { filesApi } from './files';
import { pagesApi } from './pages';
import { sitesApi } from './sites';

export const ENDPOINTS = {
  feedback: feedbackApi,
  sites: sitesApi,
  pages: pagesApi,
  files: filesApi,
  documents: documentsApi,
} as const;
