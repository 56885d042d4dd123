/** Every catalog of the Chinese interface, one chunk: a page loads only its own language's (islands/shared/i18n.ts). */
import zhCommon from '../../../public/locales/zh/common.json';
import zhFiles from '../../../public/locales/zh/files.json';
import zhManageSite from '../../../public/locales/zh/manageSite.json';
import zhManagePages from '../../../public/locales/zh/managePages.json';
import zhManageMenus from '../../../public/locales/zh/manageMenus.json';
import zhManageConference from '../../../public/locales/zh/manageConference.json';
import zhRegistration from '../../../public/locales/zh/registration.json';
import zhManageRegistration from '../../../public/locales/zh/manageRegistration.json';
import zhDocuments from '../../../public/locales/zh/documents.json';
import zhReceipts from '../../../public/locales/zh/receipts.json';
import zhUnits from '../../../public/locales/zh/units.json';
import zhMail from '../../../public/locales/zh/mail.json';
import zhFeedback from '../../../public/locales/zh/feedback.json';
import zhNotices from '../../../public/locales/zh/notices.json';
import zhFees from '../../../public/locales/zh/fees.json';
import zhPayments from '../../../public/locales/zh/payments.json';
import zhOrders from '../../../public/locales/zh/orders.json';
import zhHotels from '../../../public/locales/zh/hotels.json';
import zhSubmissions from '../../../public/locales/zh/submissions.json';
import zhSubmitConfig from '../../../public/locales/zh/submitConfig.json';
import zhSubmitAuthor from '../../../public/locales/zh/submitAuthor.json';
import zhSubmitManage from '../../../public/locales/zh/submitManage.json';
import zhReview from '../../../public/locales/zh/review.json';
import zhReviewers from '../../../public/locales/zh/reviewers.json';
import zhReviewing from '../../../public/locales/zh/reviewing.json';
import zhAllocation from '../../../public/locales/zh/allocation.json';

export default { common: zhCommon, files: zhFiles, manageSite: zhManageSite, managePages: zhManagePages, manageMenus: zhManageMenus, manageConference: zhManageConference, registration: zhRegistration, manageRegistration: zhManageRegistration, documents: zhDocuments, receipts: zhReceipts, units: zhUnits, mail: zhMail, feedback: zhFeedback, notices: zhNotices, fees: zhFees, payments: zhPayments, orders: zhOrders, hotels: zhHotels, submissions: zhSubmissions, submitConfig: zhSubmitConfig, submitAuthor: zhSubmitAuthor, submitManage: zhSubmitManage, review: zhReview, reviewers: zhReviewers, reviewing: zhReviewing, allocation: zhAllocation };
