/**
 * Addresses written for outside the browser — in mails, PDFs, links to another conference — where
 * no request tells the scheme and port: the deployment says them (PUBLIC_SCHEME, PUBLIC_PORT in
 * server/config.ts). Links the browser follows on the page it is on stay relative or take the
 * request's own origin.
 */
import type { Config } from '../config';

export type PublicUrlConfig = Pick<Config, 'PUBLIC_SCHEME' | 'PUBLIC_PORT'>;

/** The port a scheme implies, never written, so one host has one written address. */
const DEFAULT_PORT = { http: 80, https: 443 } as const;

/** `scheme://host[:port]` of a conference's domain or the platform host, as people outside reach it. */
export function publicOrigin(config: PublicUrlConfig, host: string): string {
  const port =
    config.PUBLIC_PORT && config.PUBLIC_PORT !== DEFAULT_PORT[config.PUBLIC_SCHEME] ? `:${config.PUBLIC_PORT}` : '';
  return `${config.PUBLIC_SCHEME}://${host.toLowerCase()}${port}`;
}

/** A conference's outside address, or '' while it has no domain (a mail then leaves the link out). */
export function conferenceOrigin(config: PublicUrlConfig, site: { primaryDomain: string | null }): string {
  return site.primaryDomain ? publicOrigin(config, site.primaryDomain) : '';
}

/** The platform host's outside address: PLATFORM_URL when the deployment names it, else its host. */
export function platformPublicOrigin(config: PublicUrlConfig & Pick<Config, 'PLATFORM_URL' | 'PLATFORM_HOST'>): string {
  return config.PLATFORM_URL ? config.PLATFORM_URL.replace(/\/+$/, '') : publicOrigin(config, config.PLATFORM_HOST);
}
