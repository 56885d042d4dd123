/** The props of the account page (pages/account): sign-in, sign-up, registration, reset. */
import type { Handoff } from '../../contract/accounts';
import type { Organisation } from '../../contract/sso';

export type AccountView = 'login' | 'signup' | 'register' | 'closed' | 'reset' | 'loggedIn';
/** The views with password fields: on a conference host they are the platform's frame. */
export type EmbedView = 'login' | 'signup' | 'register' | 'reset';

export type AccountPageProps = {
  view: AccountView;
  lang: 'zh' | 'en';
  text: Record<string, string>;
  siteName: string;
  shortTitle: string;
  bilingual: boolean;
  platform: boolean;
  redirect: string | null;
  orgState: string;
  commonOrgs: Organisation[];
  userName: string;
  afterSignUp: string;
  /** on a conference host: the platform's frame that holds the forms of this view */
  frameSrc: string | null;
  /** the frame itself (platform host, /embed/account/…): where a sign-in is handed over to */
  embed: Handoff | null;
};
