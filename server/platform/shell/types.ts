/**
 * The props of the three layouts the platform draws around the features' screens: the management
 * area (/platform), the personal centre (/profile) and the platform host (/, /admin). Vike's
 * pages render them; the features only hand in a screen (an island and its props).
 */
import type { IslandName, IslandProps } from '../../../renderer/islandProps.gen';
import type { ProviderItem } from '../../../islands/AdminProviders/props';
import type { SuperAdminItem } from '../../../islands/AdminSuperAdmins/props';
import type { MyConferencesProps } from '../../../islands/MyConferences/props';
import type { UserMenuProps } from '../../../islands/UserMenu/props';
import type { LangSwitchProps } from '../../../islands/LangSwitch/props';

/** What every layout's header carries: the user menu (with the exit) and, where two languages exist, the switch. */
export type HeaderIslands = { userMenu: UserMenuProps | null; langSwitch: LangSwitchProps | null };

export type ManageScreen = { [K in IslandName]: { island: K; props: IslandProps[K] } }[IslandName];

/** One entry of a layout's menu, as drawn: its label in the reader's language, marked when current. */
/** `group`: the heading the entry sits under (spec 2.12 "conference customization"), translated. */
/** `badge`: a count to draw beside the entry (new notices), absent when there is nothing new. */
export type MenuItem = { href: string; label: string; active: boolean; group?: string; badge?: number };

export type PlatformPageProps = HeaderIslands & {
  lang: 'zh' | 'en';
  text: Record<string, string>;
  siteName: string;
  shortTitle: string;
  menu: MenuItem[];
  title: string;
  /** the overview's rows, or an island that is the screen */
  overview?: Array<[label: string, value: string]>;
  statusTone?: 'ok' | 'waiting' | 'off';
  screen?: ManageScreen;
  /** an island under the overview (the publication panel) */
  actions?: ManageScreen;
};

export type ProfilePageProps = HeaderIslands & {
  /** 'screen': a feature's screen, an island under `title` (downloads, feedback, notices...) */
  view: 'userInfo' | 'userInfoEdit' | 'screen';
  title?: string;
  screen?: ManageScreen;
  lang: 'zh' | 'en';
  text: Record<string, string>;
  siteName: string;
  shortTitle: string;
  menu: MenuItem[];
  user: { name: string; email: string; id: number; umtId: string | null; attendee: boolean; roles: string[] };
  /** the person's registration in this conference, with its answers as text */
  registration?: { code: string; answers: Array<{ title: string; value: string }> } | null;
};

export type AdminPageProps = HeaderIslands & {
  view: 'home' | 'providers' | 'superAdmins';
  lang: 'zh' | 'en';
  mobile: boolean;
  text: Record<string, string>;
  menu: MenuItem[];
  user: { id: number; name: string } | null;
  conferences: Array<{ name: string; url: string; dates: string }>;
  providers: ProviderItem[];
  admins: SuperAdminItem[];
  origin: string;
  /** a signed-in user's conferences (home) */
  mine?: MyConferencesProps;
  /** another feature's screen in this layout, instead of the view */
  screen?: { title: string; island: ManageScreen };
};
