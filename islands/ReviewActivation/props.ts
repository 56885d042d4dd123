/** What the server hands the ReviewActivation screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { ActivationView } from '../../server/contract/reviewers';
import type { Lang } from '../shared/locale';

export type ReviewActivationProps = {
  lang: Lang;
  activationKey: string;
  origin: string;
  view: ActivationView | null;
  signIn: string;
};
