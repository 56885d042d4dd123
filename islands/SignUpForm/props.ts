/** What the server hands the SignUpForm screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { Handoff } from '../../server/contract/accounts';
import type { Lang } from '../shared/locale';

/** handoff: shown in the platform's frame inside a conference's page (docs/accounts.md). */
export type SignUpFormProps = { lang: Lang; next: string; handoff?: Handoff | null };
