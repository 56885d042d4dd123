/** Notices: the managers' announcements to a conference's people, shown in the personal centre. */
import { conferenceOf, userOf } from '../../platform/access';
import { defineFeature } from '../../platform/feature';
import { noticesPersonalData } from './personalData';
import { noticeApiRouter, noticePageRouter } from './routes';
import { unseenCount } from './repo';

export const noticesFeature = defineFeature({
  name: 'notices',
  // what it holds about one person, for their export and erasure (docs/privacy.md)
  personalData: ({ db }) => [noticesPersonalData(db)],
  api: (deps) => [noticeApiRouter(deps)],
  pages: (deps) => [noticePageRouter(deps)],
  // The Notices entry counts what was published since the person last opened it.
  // The personal centre is a conference's signed-in layout: conferenceOf and userOf answer 404/401 otherwise.
  shell: ({ db }) => ({
    profileBadges: async (req) => ({ '/profile/notice': await unseenCount(db, conferenceOf(req), userOf(req)) }),
  }),
  manageMenu: [{ href: '/platform/manage/notice', labelKey: 'notices:menu.manage', order: 40, who: 'admin' }],
  profileMenu: [{ href: '/profile/notice', labelKey: 'notices:menu.notice', order: 20 }],
});
