/** The language switch of bilingual sites: two buttons, the current one marked active. */
import { switchLocale, type Lang } from '../shared/locale';

export type LangSwitchProps = {
  lang: Lang;
  labels: { zh: string; en: string };
  title: string;
  /** where each language's version of this page is, when the page has one (a page and its counterpart) */
  targets?: Partial<Record<Lang, string>>;
  /** a signed-in person: the choice is also remembered on their account, for the other hosts */
  signedIn?: boolean;
};

export default function LangSwitch({ lang, labels, title, targets, signedIn }: LangSwitchProps) {
  return (
    <span className="t-lang-switch" role="group" aria-label={title}>
      {(['zh', 'en'] as const).map((code) => (
        <button
          key={code}
          type="button"
          lang={code === 'zh' ? 'zh-CN' : 'en'}
          className={`t-lang-${code}${code === lang ? ' active' : ''}`}
          aria-pressed={code === lang}
          onClick={() => code !== lang && switchLocale(code, targets?.[code], signedIn)}
        >
          {labels[code]}
        </button>
      ))}
    </span>
  );
}
