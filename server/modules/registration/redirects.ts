/** Where a person goes after registering (spec 2.8). */
import type { BasicConfig } from '../../contract/registration';

export const FEE_PAGE = '/profile/conference/fee';

/**
 * A signed-in person goes to the fee page when fees are charged and the rule is register-then-pay
 * (`feePage`: once the personal centre has that page), else to their personal information; a person who
 * registered without an account (one was just made for them) goes to the login page.
 */
export function nextPathAfterRegistration(
  signedIn: boolean,
  settings: Pick<BasicConfig, 'costsSet' | 'registerRule'>,
  feePage: boolean,
): string {
  if (!signedIn) return `/conferencelogin?redirect=${encodeURIComponent('/profile/userInfo')}`;
  if (feePage && settings.costsSet && settings.registerRule === 'REGISTER_FIRST_AND_PAY_LATER') return FEE_PAGE;
  return '/profile/userInfo';
}
