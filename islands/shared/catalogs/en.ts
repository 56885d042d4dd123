/** Every catalog of the English interface, one chunk: a page loads only its own language's (islands/shared/i18n.ts). */
import enCommon from '../../../public/locales/en/common.json';
import enFiles from '../../../public/locales/en/files.json';
import enManageSite from '../../../public/locales/en/manageSite.json';
import enManagePages from '../../../public/locales/en/managePages.json';
import enManageMenus from '../../../public/locales/en/manageMenus.json';
import enManageConference from '../../../public/locales/en/manageConference.json';
import enRegistration from '../../../public/locales/en/registration.json';
import enManageRegistration from '../../../public/locales/en/manageRegistration.json';
import enDocuments from '../../../public/locales/en/documents.json';
import enReceipts from '../../../public/locales/en/receipts.json';
import enUnits from '../../../public/locales/en/units.json';
import enMail from '../../../public/locales/en/mail.json';
import enFeedback from '../../../public/locales/en/feedback.json';
import enNotices from '../../../public/locales/en/notices.json';
import enFees from '../../../public/locales/en/fees.json';
import enPayments from '../../../public/locales/en/payments.json';
import enOrders from '../../../public/locales/en/orders.json';
import enHotels from '../../../public/locales/en/hotels.json';
import enSubmissions from '../../../public/locales/en/submissions.json';
import enSubmitConfig from '../../../public/locales/en/submitConfig.json';
import enSubmitAuthor from '../../../public/locales/en/submitAuthor.json';
import enSubmitManage from '../../../public/locales/en/submitManage.json';
import enReview from '../../../public/locales/en/review.json';
import enReviewers from '../../../public/locales/en/reviewers.json';
import enReviewing from '../../../public/locales/en/reviewing.json';
import enAllocation from '../../../public/locales/en/allocation.json';

export default { common: enCommon, files: enFiles, manageSite: enManageSite, managePages: enManagePages, manageMenus: enManageMenus, manageConference: enManageConference, registration: enRegistration, manageRegistration: enManageRegistration, documents: enDocuments, receipts: enReceipts, units: enUnits, mail: enMail, feedback: enFeedback, notices: enNotices, fees: enFees, payments: enPayments, orders: enOrders, hotels: enHotels, submissions: enSubmissions, submitConfig: enSubmitConfig, submitAuthor: enSubmitAuthor, submitManage: enSubmitManage, review: enReview, reviewers: enReviewers, reviewing: enReviewing, allocation: enAllocation };
