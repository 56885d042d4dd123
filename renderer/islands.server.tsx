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
import UserMenu, { type UserMenuProps } from '../islands/UserMenu/index';
import LangSwitch, { type LangSwitchProps } from '../islands/LangSwitch/index';
import LoginForm, { type LoginFormProps } from '../islands/LoginForm/index';
import SignUpForm, { type SignUpFormProps } from '../islands/SignUpForm/index';
import ResetPasswordForm, { type ResetPasswordFormProps } from '../islands/ResetPasswordForm/index';
import OrgLogin, { type OrgLoginProps } from '../islands/OrgLogin/index';
import ProfileEditForm, { type ProfileEditFormProps } from '../islands/ProfileEditForm/index';
import AdminProviders, { type AdminProvidersProps } from '../islands/AdminProviders/index';
import AdminSuperAdmins, { type AdminSuperAdminsProps } from '../islands/AdminSuperAdmins/index';

export type IslandProps = {
  UserMenu: UserMenuProps;
  LangSwitch: LangSwitchProps;
  LoginForm: LoginFormProps;
  SignUpForm: SignUpFormProps;
  ResetPasswordForm: ResetPasswordFormProps;
  OrgLogin: OrgLoginProps;
  ProfileEditForm: ProfileEditFormProps;
  AdminProviders: AdminProvidersProps;
  AdminSuperAdmins: AdminSuperAdminsProps;
};
export type IslandName = keyof IslandProps;

export const islands: { [K in IslandName]: ComponentType<IslandProps[K]> } = { UserMenu, LangSwitch, LoginForm, SignUpForm, ResetPasswordForm, OrgLogin, ProfileEditForm, AdminProviders, AdminSuperAdmins };

/** As a string, for pages composed with cheerio. */
export function renderIsland<K extends IslandName>(name: K, props: IslandProps[K], className = ''): string {
  const Component = islands[name] as ComponentType<IslandProps[K]>;
  // Inside the process-wide style cache, so antd islands' CSS lands in the served stylesheet.
  const html = renderToString(
    <StyleProvider cache={antdCache}>
      <Component {...props} />
    </StyleProvider>,
  );
  const cls = className ? ` class="${escapeHtml(className)}"` : '';
  return `<div data-island="${name}"${cls} data-props="${escapeHtml(JSON.stringify(props))}">${html}</div>`;
}

/** As an element, for Vike page components rendered on the server. */
export function Island<K extends IslandName>({ name, props, className }: { name: K; props: IslandProps[K]; className?: string }) {
  const Component = islands[name] as ComponentType<IslandProps[K]>;
  return (
    <div data-island={name} data-props={JSON.stringify(props)} className={className}>
      <Component {...props} />
    </div>
  );
}
