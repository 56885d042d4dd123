/** Phones and small tablets get the mobile variant (spec section 1: detected from the user agent). */
const MOBILE =
  /Android.+Mobile|iPhone|iPod|Windows Phone|IEMobile|BlackBerry|Opera Mini|Mobile Safari|HarmonyOS.+Mobile|MicroMessenger/i;

export function isMobileUserAgent(userAgent: string | undefined): boolean {
  return Boolean(userAgent && MOBILE.test(userAgent));
}
