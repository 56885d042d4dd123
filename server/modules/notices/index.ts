/** Notices: the managers' announcements to a conference's people, shown in the personal centre. */
import { defineFeature } from '../../platform/feature';
import { noticeApiRouter, noticePageRouter } from './routes';

export const noticesFeature = defineFeature({
  name: 'notices',
  api: (deps) => [noticeApiRouter(deps)],
  pages: (deps) => [noticePageRouter(deps)],
  manageMenu: [{ href: '/platform/manage/notice', labelKey: 'notices:menu.manage', order: 40, who: 'admin' }],
  profileMenu: [{ href: '/profile/notice', labelKey: 'notices:menu.notice', order: 20 }],
});
