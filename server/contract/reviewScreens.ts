/**
 * Where the review screens are (spec 2.2, 2.9, 2.12): the server's routes and mails and the
 * islands' links. Without zod, so that an island needing only a path loads no schema library
 * (contract/review.ts, whose schemas the configuration screen runs in the browser, re-exports it).
 */
export const REVIEW_SCREENS = {
  config: '/platform/config/review',
  /** spec 2.12 manage/reviewer and manage/reviewer/info/:userId (the reviewer's record id) */
  reviewers: '/platform/manage/reviewer',
  reviewerInfo: '/platform/manage/reviewer/info',
  /** spec 2.9: on the conference's host; its form is the platform's frame */
  activation: '/review/active',
  /** the managers' allocation screen (issue 16: "Assignment on /platform/submissionManage/index") */
  allocation: '/platform/submissionManage/index',
  /** the reviewer's landing page (spec 2.2) and their list; a manuscript's review form */
  reviewerHome: '/platform/submissionManage/user',
  reviewList: '/platform/submissionManage/reviewList',
  reviewForm: '/platform/submissionManage/review',
} as const;
