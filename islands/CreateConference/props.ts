/** What the server hands the CreateConference screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { Lang } from '../shared/locale';

/** `customDomain`: whether a domain outside siteDomain may be asked for (super admins only). */
export type CreateConferenceProps = { lang: Lang; mobile: boolean; siteDomain: string; customDomain?: boolean };
