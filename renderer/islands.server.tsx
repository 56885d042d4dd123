/**
 * Server rendering of islands: each becomes `<div data-island="Name" data-props="...">html</div>`
 * and the client entry (renderer/hydrate.tsx) hydrates only those, loading each island's code
 * on demand. Props are the island's whole input: nothing else of the page is serialised.
 */
import { renderToString } from 'react-dom/server';
import type { ComponentType } from 'react';
import { StyleProvider } from '@ant-design/cssinjs';
import { escapeHtml } from '../server/platform/html';
import { antdCache } from './antdStyles';
import { RenderMemo } from '../server/platform/renderMemo';
import { addCatalogs } from '../islands/shared/i18n';
import zhCatalogs from '../islands/shared/catalogs/zh';
import enCatalogs from '../islands/shared/catalogs/en';
import UserMenu, { type UserMenuProps } from '../islands/UserMenu/index';
import LangSwitch, { type LangSwitchProps } from '../islands/LangSwitch/index';
import LoginForm, { type LoginFormProps } from '../islands/LoginForm/index';
import SignUpForm, { type SignUpFormProps } from '../islands/SignUpForm/index';
import ResetPasswordForm, { type ResetPasswordFormProps } from '../islands/ResetPasswordForm/index';
import OrgLogin, { type OrgLoginProps } from '../islands/OrgLogin/index';
import AccountFrame, { type AccountFrameProps } from '../islands/AccountFrame/index';
import ProfileEditForm, { type ProfileEditFormProps } from '../islands/ProfileEditForm/index';
import AdminProviders, { type AdminProvidersProps } from '../islands/AdminProviders/index';
import AdminSuperAdmins, { type AdminSuperAdminsProps } from '../islands/AdminSuperAdmins/index';
import ManageMenus, { type ManageMenusProps } from '../islands/ManageMenus/index';
import ManageWebsiteConfig, { type ManageWebsiteConfigProps } from '../islands/ManageWebsiteConfig/index';
import ManageExteriors, { type ManageExteriorsProps } from '../islands/ManageExteriors/index';
import CreateConference, { type CreateConferenceProps } from '../islands/CreateConference/index';
import MyConferences, { type MyConferencesProps } from '../islands/MyConferences/index';
import ManageManagers, { type ManageManagersProps } from '../islands/ManageManagers/index';
import PublicationActions, { type PublicationActionsProps } from '../islands/PublicationActions/index';
import AdminPublications, { type AdminPublicationsProps } from '../islands/AdminPublications/index';
import ManagePageList, { type ManagePageListProps } from '../islands/ManagePageList/index';
import ManagePageEditor, { type ManagePageEditorProps } from '../islands/ManagePageEditor/index';
import RegisterForm, { type RegisterFormProps } from '../islands/RegisterForm/index';
import ManageRegistrants, { type ManageRegistrantsProps } from '../islands/ManageRegistrants/index';
import ManageRegistrantDetails, { type ManageRegistrantDetailsProps } from '../islands/ManageRegistrantDetails/index';
import RegisterConfigBasic, { type RegisterConfigBasicProps } from '../islands/RegisterConfigBasic/index';
import RegisterConfigForm, { type RegisterConfigFormProps } from '../islands/RegisterConfigForm/index';
import RegisterConfigFees, { type RegisterConfigFeesProps } from '../islands/RegisterConfigFees/index';
import DocumentDesigner, { type DocumentDesignerProps } from '../islands/DocumentDesigner/index';
import ProfileDownloads, { type ProfileDownloadsProps } from '../islands/ProfileDownloads/index';
import AdminUnits, { type AdminUnitsProps } from '../islands/AdminUnits/index';
import ManageMailConfig, { type ManageMailConfigProps } from '../islands/ManageMailConfig/index';
import ManageMailLog, { type ManageMailLogProps } from '../islands/ManageMailLog/index';
import ProfileFeedback, { type ProfileFeedbackProps } from '../islands/ProfileFeedback/index';
import ProfileFeedbackDetails, { type ProfileFeedbackDetailsProps } from '../islands/ProfileFeedbackDetails/index';
import ManageFeedback, { type ManageFeedbackProps } from '../islands/ManageFeedback/index';
import ProfileNotices, { type ProfileNoticesProps } from '../islands/ProfileNotices/index';
import ManageNotices, { type ManageNoticesProps } from '../islands/ManageNotices/index';
import ManageCheckin, { type ManageCheckinProps } from '../islands/ManageCheckin/index';
import CheckinDesk, { type CheckinDeskProps } from '../islands/CheckinDesk/index';
import ManageProgramme, { type ManageProgrammeProps } from '../islands/ManageProgramme/index';
import ManagePayConfig, { type ManagePayConfigProps } from '../islands/ManagePayConfig/index';
import ProfileReceiptRequest, { type ProfileReceiptRequestProps } from '../islands/ProfileReceiptRequest/index';
import ManageReceipts, { type ManageReceiptsProps } from '../islands/ManageReceipts/index';
import ProfileFees, { type ProfileFeesProps } from '../islands/ProfileFees/index';
import ProfileOrders, { type ProfileOrdersProps } from '../islands/ProfileOrders/index';
import ProfilePay, { type ProfilePayProps } from '../islands/ProfilePay/index';
import ProfilePayResult, { type ProfilePayResultProps } from '../islands/ProfilePayResult/index';
import ProfileOrderUpdate, { type ProfileOrderUpdateProps } from '../islands/ProfileOrderUpdate/index';
import ManageOrders, { type ManageOrdersProps } from '../islands/ManageOrders/index';
import ProfileHotel, { type ProfileHotelProps } from '../islands/ProfileHotel/index';
import ManageHotelConfig, { type ManageHotelConfigProps } from '../islands/ManageHotelConfig/index';
import ManageHotel, { type ManageHotelProps } from '../islands/ManageHotel/index';
import ProfileSubmission, { type ProfileSubmissionProps } from '../islands/ProfileSubmission/index';
import ProfileSubmissionDetails, { type ProfileSubmissionDetailsProps } from '../islands/ProfileSubmissionDetails/index';
import ManageContributeConfig, { type ManageContributeConfigProps } from '../islands/ManageContributeConfig/index';
import ManageSubmissions, { type ManageSubmissionsProps } from '../islands/ManageSubmissions/index';
import ManageSubmissionDetail, { type ManageSubmissionDetailProps } from '../islands/ManageSubmissionDetail/index';
import ManageReviewConfig, { type ManageReviewConfigProps } from '../islands/ManageReviewConfig/index';
import ManageReviewers, { type ManageReviewersProps } from '../islands/ManageReviewers/index';
import ReviewerInfo, { type ReviewerInfoProps } from '../islands/ReviewerInfo/index';
import ReviewActivation, { type ReviewActivationProps } from '../islands/ReviewActivation/index';
import ReviewerTasks, { type ReviewerTasksProps } from '../islands/ReviewerTasks/index';
import ReviewForm, { type ReviewFormProps } from '../islands/ReviewForm/index';
import ManageAllocation, { type ManageAllocationProps } from '../islands/ManageAllocation/index';
import MyData, { type MyDataProps } from '../islands/MyData/index';
import AdminErasure, { type AdminErasureProps } from '../islands/AdminErasure/index';
import ManageErasures, { type ManageErasuresProps } from '../islands/ManageErasures/index';
import ManageOverview, { type ManageOverviewProps } from '../islands/ManageOverview/index';

export type IslandProps = {
  UserMenu: UserMenuProps;
  LangSwitch: LangSwitchProps;
  LoginForm: LoginFormProps;
  SignUpForm: SignUpFormProps;
  ResetPasswordForm: ResetPasswordFormProps;
  OrgLogin: OrgLoginProps;
  AccountFrame: AccountFrameProps;
  ProfileEditForm: ProfileEditFormProps;
  AdminProviders: AdminProvidersProps;
  AdminSuperAdmins: AdminSuperAdminsProps;
  ManageMenus: ManageMenusProps;
  ManageWebsiteConfig: ManageWebsiteConfigProps;
  ManageExteriors: ManageExteriorsProps;
  CreateConference: CreateConferenceProps;
  MyConferences: MyConferencesProps;
  ManageManagers: ManageManagersProps;
  PublicationActions: PublicationActionsProps;
  AdminPublications: AdminPublicationsProps;
  ManagePageList: ManagePageListProps;
  ManagePageEditor: ManagePageEditorProps;
  RegisterForm: RegisterFormProps;
  ManageRegistrants: ManageRegistrantsProps;
  ManageRegistrantDetails: ManageRegistrantDetailsProps;
  RegisterConfigBasic: RegisterConfigBasicProps;
  RegisterConfigForm: RegisterConfigFormProps;
  RegisterConfigFees: RegisterConfigFeesProps;
  DocumentDesigner: DocumentDesignerProps;
  ProfileDownloads: ProfileDownloadsProps;
  AdminUnits: AdminUnitsProps;
  ManageMailConfig: ManageMailConfigProps;
  ManageMailLog: ManageMailLogProps;
  ProfileFeedback: ProfileFeedbackProps;
  ProfileFeedbackDetails: ProfileFeedbackDetailsProps;
  ManageFeedback: ManageFeedbackProps;
  ProfileNotices: ProfileNoticesProps;
  ManageNotices: ManageNoticesProps;
  ManagePayConfig: ManagePayConfigProps;
  ProfileReceiptRequest: ProfileReceiptRequestProps;
  ManageReceipts: ManageReceiptsProps;
  ProfileFees: ProfileFeesProps;
  ProfileOrders: ProfileOrdersProps;
  ProfilePay: ProfilePayProps;
  ProfilePayResult: ProfilePayResultProps;
  ProfileOrderUpdate: ProfileOrderUpdateProps;
  ManageOrders: ManageOrdersProps;
  ProfileHotel: ProfileHotelProps;
  ManageHotelConfig: ManageHotelConfigProps;
  ManageHotel: ManageHotelProps;
  ProfileSubmission: ProfileSubmissionProps;
  ProfileSubmissionDetails: ProfileSubmissionDetailsProps;
  ManageContributeConfig: ManageContributeConfigProps;
  ManageSubmissions: ManageSubmissionsProps;
  ManageSubmissionDetail: ManageSubmissionDetailProps;
  ManageReviewConfig: ManageReviewConfigProps;
  ManageReviewers: ManageReviewersProps;
  ReviewerInfo: ReviewerInfoProps;
  ReviewActivation: ReviewActivationProps;
  ReviewerTasks: ReviewerTasksProps;
  ReviewForm: ReviewFormProps;
  ManageAllocation: ManageAllocationProps;
  ManageCheckin: ManageCheckinProps;
  CheckinDesk: CheckinDeskProps;
  ManageProgramme: ManageProgrammeProps;
  MyData: MyDataProps;
  AdminErasure: AdminErasureProps;
  ManageErasures: ManageErasuresProps;
  ManageOverview: ManageOverviewProps;
};
export type IslandName = keyof IslandProps;

// The server renders islands in both languages: every catalog, at start (the browser loads one language's).
addCatalogs('zh', zhCatalogs);
addCatalogs('en', enCatalogs);

export const islands: { [K in IslandName]: ComponentType<IslandProps[K]> } = { UserMenu, LangSwitch, LoginForm, SignUpForm, ResetPasswordForm, OrgLogin, AccountFrame, ProfileEditForm, AdminProviders, AdminSuperAdmins, ManageMenus, ManageWebsiteConfig, ManageExteriors, CreateConference, MyConferences, ManageManagers, PublicationActions, AdminPublications, ManagePageList, ManagePageEditor, RegisterForm, ManageRegistrants, ManageRegistrantDetails, RegisterConfigBasic, RegisterConfigForm, RegisterConfigFees, DocumentDesigner, ProfileDownloads, AdminUnits, ManageMailConfig, ManageMailLog, ProfileFeedback, ProfileFeedbackDetails, ManageFeedback, ProfileNotices, ManageNotices, ManagePayConfig, ProfileReceiptRequest, ManageReceipts, ProfileFees, ProfileOrders, ProfilePay, ProfilePayResult, ProfileOrderUpdate, ManageOrders, ProfileHotel, ManageHotelConfig, ManageHotel, ProfileSubmission, ProfileSubmissionDetails, ManageContributeConfig, ManageSubmissions, ManageSubmissionDetail, ManageReviewConfig, ManageReviewers, ReviewerInfo, ReviewActivation, ReviewerTasks, ReviewForm, ManageAllocation, ManageCheckin, CheckinDesk, ManageProgramme, MyData, AdminErasure, ManageErasures, ManageOverview };

/**
 * An island's own HTML, rendered as its own React root, exactly as the browser hydrates it: ids
 * from useId (antd builds style classes from them) then match. Inside the process-wide style
 * cache, so antd's CSS lands in the served stylesheet.
 */
/**
 * Rendered islands by their whole input (name and props): an island's HTML depends on nothing
 * else (no clock, no request), and antd's styles stay in the process-wide cache once rendered.
 * Bounded by count and size; per process (this file is loaded twice in production, see antdStyles).
 */
const rendered = new RenderMemo<string>(2000, 32 * 1024 * 1024);

function islandHtml<K extends IslandName>(name: K, props: IslandProps[K], json: string): string {
  const key = RenderMemo.key(name, json);
  const hit = rendered.get(key);
  if (hit !== undefined) return hit;
  const Component = islands[name] as ComponentType<IslandProps[K]>;
  const html = renderToString(
    <StyleProvider cache={antdCache}>
      <Component {...props} />
    </StyleProvider>,
  );
  // A root without <head> gets React's resource hints (image preloads) in front; inside the
  // island's container they would be nodes the browser's render does not have.
  const island = html.replace(/^(?:<link rel="preload"[^>]*>)+/, '');
  rendered.set(key, island);
  return island;
}

/** As a string, for pages composed with cheerio. */
export function renderIsland<K extends IslandName>(name: K, props: IslandProps[K], className = ''): string {
  const cls = className ? ` class="${escapeHtml(className)}"` : '';
  const json = JSON.stringify(props);
  return `<div data-island="${name}"${cls} data-props="${escapeHtml(json)}">${islandHtml(name, props, json)}</div>`;
}

/** As an element, for Vike page components rendered on the server (still a separate root inside). */
export function Island<K extends IslandName>({ name, props, className }: { name: K; props: IslandProps[K]; className?: string }) {
  const json = JSON.stringify(props);
  return <div data-island={name} data-props={json} className={className} dangerouslySetInnerHTML={{ __html: islandHtml(name, props, json) }} />;
}

/** React's escaping of text and attribute values (react-dom's escapeTextForBrowser), so a filled island is the very HTML React would write. */
const REACT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
const escapeLikeReact = (value: string): string => value.replace(/[&<>"']/g, (c) => REACT_ESCAPES[c]);

/** A person's string as it stands in an island's data-props attribute (JSON string content, then attribute-escaped). */
export const islandPropValue = (value: string): string => escapeHtml(JSON.stringify(value).slice(1, -1));
/** A person's string as React writes it in the island's HTML (text or attribute). */
export const islandHtmlValue = escapeLikeReact;

/**
 * An island whose props carry a few of the person's strings (a registration form's e-mail and
 * name): rendered once with a token in each one's place (memoised like any island, so once per
 * form, language and device for everyone), then each token replaced by what stands there for the
 * person: `inProps` in data-props (islandPropValue of the value), `inHtml` in the rendered HTML
 * (islandHtmlValue) — the person's escaped values, or a page cache's slots to fill later.
 * `test/server/platform/slottedIsland.test.ts` checks the result equals rendering the island with
 * the values themselves. Tokens must be letters and digits only (every escaping leaves them as they are).
 */
export function renderIslandWithSlots<K extends IslandName>(name: K, propsWithTokens: IslandProps[K], slots: Record<string, { inProps: string; inHtml: string }>, className = ''): string {
  const html = renderIsland(name, propsWithTokens, className);
  // The data-props attribute ends at its first quote: inside it every quote is escaped.
  const start = html.indexOf(' data-props="') + ' data-props="'.length;
  const end = html.indexOf('"', start);
  let head = html.slice(0, end);
  let body = html.slice(end);
  for (const [token, slot] of Object.entries(slots)) {
    head = head.replaceAll(token, slot.inProps);
    body = body.replaceAll(token, slot.inHtml);
  }
  return head + body;
}

/** renderIslandWithSlots with the person's values themselves. */
export function renderIslandFilled<K extends IslandName>(name: K, propsWithTokens: IslandProps[K], values: Record<string, string>, className = ''): string {
  const slots = Object.fromEntries(Object.entries(values).map(([token, value]) => [token, { inProps: islandPropValue(value), inHtml: islandHtmlValue(value) }]));
  return renderIslandWithSlots(name, propsWithTokens, slots, className);
}
