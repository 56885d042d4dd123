/** What the server hands the ResetPasswordForm screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { Handoff } from '../../server/contract/accounts';
import type { Lang } from '../shared/locale';

/** handoff: shown in the platform's frame inside a conference's page (docs/accounts.md). */
export type ResetPasswordFormProps = {
  lang: Lang;
  email: string | null;
  name: string | null;
  handoff?: Handoff | null;
};
