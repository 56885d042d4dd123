/** What the server hands the LoginForm screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { Lang } from '../shared/locale';
import type { Handoff } from '../../server/contract/accounts';

/** handoff: shown in the platform's frame inside a conference's page (docs/accounts.md). */
export type LoginFormProps = { lang: Lang; redirect: string | null; platform: boolean; handoff?: Handoff | null };
