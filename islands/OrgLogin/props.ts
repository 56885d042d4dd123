/** What the server hands the OrgLogin screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { Lang } from '../shared/locale';
import type { Organisation } from '../../server/contract/sso';

export type OrgLoginProps = { lang: Lang; state: string; common: Organisation[] };
