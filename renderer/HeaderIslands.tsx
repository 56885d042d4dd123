// Environment: server. The end of every layout's header: the user menu and the language switch.
import { Island } from './islands.server';
import type { HeaderIslands as Props } from '../server/platform/shell/types';

export function HeaderIslands({ userMenu, langSwitch }: Props) {
  return (
    <>
      {userMenu ? <Island name="UserMenu" props={userMenu} className="shell-user-menu" /> : null}
      {langSwitch ? <Island name="LangSwitch" props={langSwitch} className="auth-lang" /> : null}
    </>
  );
}
