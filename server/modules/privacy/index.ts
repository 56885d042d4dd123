/**
 * Privacy (issue 32, docs/privacy.md): a person's own data. It owns no one's data but the record
 * of erasures: the export and the erasure go through every feature's `personalData` part
 * (platform/personalData.ts), declared in that feature's front door.
 */
import { defineFeature } from '../../platform/feature';
import { Erasures } from './erasure';
import { exportKind } from './exportKind';
import { privacyApiRouter, privacyPageRouter } from './routes';

export type PrivacyService = { erasures: Erasures };

declare module '../../platform/feature' {
  interface FeatureServices {
    privacy: PrivacyService;
  }
}

export const privacyFeature = defineFeature({
  name: 'privacy',
  // The parts are gathered once every feature is built (compose.ts): read when an erasure runs.
  services: (deps) => ({
    privacy: {
      erasures: new Erasures(
        deps.db,
        () => deps.personalData,
        () => deps.codes,
      ),
    },
  }),
  api: (deps) => [privacyApiRouter(deps)],
  pages: (deps) => [privacyPageRouter(deps)],
  work: (deps) => [exportKind(deps.db, () => deps.personalData)],
  adminMenu: [{ href: '/admin/erasure', labelKey: 'privacy:adminTitle', order: 60 }],
  manageMenu: [{ href: '/platform/manage/erasures', labelKey: 'privacy:manageTitle', order: 65, who: 'admin' }],
  // Its own part: the person's exports (heavy work of their own, with their files) are forgotten.
  personalData: ({ work }) => [
    {
      name: 'exports',
      order: 90,
      export: async () => ({ data: [] }),
      erase: async ({ userId }) => ({ changed: await work.forgetPerson(userId) }),
    },
  ],
  jobs: ({ privacy }) => [
    { name: 'privacy.erase', everyMs: 5_000, run: ({ signal }) => privacy.erasures.runPending(signal) },
  ],
});
