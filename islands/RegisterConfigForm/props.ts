/** What the server hands the RegisterConfigForm screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { FormRules } from '../../server/contract/registration';
import type { FormVersionView } from '../../server/contract/registrants';
import type { Lang } from '../shared/locale';

export type RegisterConfigFormProps = {
  lang: Lang;
  mobile: boolean;
  versions: FormVersionView[];
  version: string;
  rules: FormRules;
};
