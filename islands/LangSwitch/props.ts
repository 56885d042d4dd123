/** What the server hands the LangSwitch screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { Lang } from '../shared/locale';

export type LangSwitchProps = {
  lang: Lang;
  labels: { zh: string; en: string };
  title: string;
  /** where each language's version of this page is, when the page has one (a page and its counterpart) */
  targets?: Partial<Record<Lang, string>>;
  /** a signed-in person: the choice is also remembered on their account, for the other hosts */
  signedIn?: boolean;
};
