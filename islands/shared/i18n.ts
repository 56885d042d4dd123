/**
 * i18next in the browser, over the same catalogs the server uses (public/locales/{lang}/<ns>.json).
 * `common` is the default namespace; a feature's keys are written 'ns:key'. Islands get their
 * language as a prop; the server already rendered the same text, so hydration matches.
 */
import i18next, { type TFunction } from 'i18next';
import zhCommon from '../../public/locales/zh/common.json';
import enCommon from '../../public/locales/en/common.json';
import zhFiles from '../../public/locales/zh/files.json';
import enFiles from '../../public/locales/en/files.json';
import zhManageSite from '../../public/locales/zh/manageSite.json';
import enManageSite from '../../public/locales/en/manageSite.json';
import zhManagePages from '../../public/locales/zh/managePages.json';
import enManagePages from '../../public/locales/en/managePages.json';
import zhManageMenus from '../../public/locales/zh/manageMenus.json';
import enManageMenus from '../../public/locales/en/manageMenus.json';
import zhManageConference from '../../public/locales/zh/manageConference.json';
import enManageConference from '../../public/locales/en/manageConference.json';
import zhRegistration from '../../public/locales/zh/registration.json';
import enRegistration from '../../public/locales/en/registration.json';
import zhManageRegistration from '../../public/locales/zh/manageRegistration.json';
import enManageRegistration from '../../public/locales/en/manageRegistration.json';
import zhDocuments from '../../public/locales/zh/documents.json';
import enDocuments from '../../public/locales/en/documents.json';
import zhReceipts from '../../public/locales/zh/receipts.json';
import enReceipts from '../../public/locales/en/receipts.json';
import zhUnits from '../../public/locales/zh/units.json';
import enUnits from '../../public/locales/en/units.json';
import zhMail from '../../public/locales/zh/mail.json';
import enMail from '../../public/locales/en/mail.json';
import zhFeedback from '../../public/locales/zh/feedback.json';
import enFeedback from '../../public/locales/en/feedback.json';
import zhNotices from '../../public/locales/zh/notices.json';
import enNotices from '../../public/locales/en/notices.json';
import zhFees from '../../public/locales/zh/fees.json';
import enFees from '../../public/locales/en/fees.json';
import zhPayments from '../../public/locales/zh/payments.json';
import enPayments from '../../public/locales/en/payments.json';
import zhOrders from '../../public/locales/zh/orders.json';
import enOrders from '../../public/locales/en/orders.json';
import zhHotels from '../../public/locales/zh/hotels.json';
import enHotels from '../../public/locales/en/hotels.json';
import zhSubmissions from '../../public/locales/zh/submissions.json';
import enSubmissions from '../../public/locales/en/submissions.json';
import zhSubmitConfig from '../../public/locales/zh/submitConfig.json';
import enSubmitConfig from '../../public/locales/en/submitConfig.json';
import zhSubmitAuthor from '../../public/locales/zh/submitAuthor.json';
import enSubmitAuthor from '../../public/locales/en/submitAuthor.json';
import zhSubmitManage from '../../public/locales/zh/submitManage.json';
import enSubmitManage from '../../public/locales/en/submitManage.json';
import zhReview from '../../public/locales/zh/review.json';
import enReview from '../../public/locales/en/review.json';
import zhReviewers from '../../public/locales/zh/reviewers.json';
import enReviewers from '../../public/locales/en/reviewers.json';
import zhReviewing from '../../public/locales/zh/reviewing.json';
import enReviewing from '../../public/locales/en/reviewing.json';
import zhAllocation from '../../public/locales/zh/allocation.json';
import enAllocation from '../../public/locales/en/allocation.json';
import type { Lang } from './locale';

const instance = i18next.createInstance();
void instance.init({
  resources: {
    zh: { common: zhCommon, files: zhFiles, manageSite: zhManageSite, managePages: zhManagePages, manageMenus: zhManageMenus, manageConference: zhManageConference, registration: zhRegistration, manageRegistration: zhManageRegistration, documents: zhDocuments, units: zhUnits, mail: zhMail, feedback: zhFeedback, notices: zhNotices, fees: zhFees, payments: zhPayments, receipts: zhReceipts, orders: zhOrders, hotels: zhHotels, submissions: zhSubmissions, submitConfig: zhSubmitConfig, submitAuthor: zhSubmitAuthor, submitManage: zhSubmitManage, review: zhReview, reviewers: zhReviewers, reviewing: zhReviewing, allocation: zhAllocation },
    en: { common: enCommon, files: enFiles, manageSite: enManageSite, managePages: enManagePages, manageMenus: enManageMenus, manageConference: enManageConference, registration: enRegistration, manageRegistration: enManageRegistration, documents: enDocuments, units: enUnits, mail: enMail, feedback: enFeedback, notices: enNotices, fees: enFees, payments: enPayments, receipts: enReceipts, orders: enOrders, hotels: enHotels, submissions: enSubmissions, submitConfig: enSubmitConfig, submitAuthor: enSubmitAuthor, submitManage: enSubmitManage, review: enReview, reviewers: enReviewers, reviewing: enReviewing, allocation: enAllocation },
  },
  lng: 'zh',
  fallbackLng: 'zh',
  defaultNS: 'common',
  initAsync: false,
  interpolation: { escapeValue: false },
});

const fixed: Record<Lang, TFunction> = { zh: instance.getFixedT('zh'), en: instance.getFixedT('en') };

export function translator(lang: Lang): (key: string, options?: Record<string, unknown>) => string {
  return (key, options) => String(fixed[lang](key, options));
}
