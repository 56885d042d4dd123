/** What the server hands the RegisterForm screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { Answers, FormRules } from '../../server/contract/registrationForm';
import type { RegistrantFile } from '../../server/contract/registrants';
import type { Lang } from '../shared/locale';

export type RegisterFormProps = {
  lang: Lang;
  mobile: boolean;
  /** self: one's own registration; update: changing it later; add / edit: a manager's */
  mode: 'self' | 'update' | 'add' | 'edit';
  version: string;
  rules: FormRules;
  /** the signed-in person (self mode) */
  account: { email: string; name: string } | null;
  /** the page shows the instructions above: the 'I have read the notice' tick is required */
  notice: boolean;
  /** add mode: the versions a manager can pick */
  versions?: string[];
  registrantId?: number;
  initial?: Answers;
  initialFiles?: Record<string, RegistrantFile[]>;
  /** update mode: changes are still allowed (the window, or the managers' choice after it) */
  changesOpen?: boolean;
  /** update mode: the managers let attendees withdraw */
  canWithdraw?: boolean;
};
