/** The language switch of bilingual sites: two buttons, the current one marked active. */
import { switchLocale } from '../shared/locale';
import type { LangSwitchProps } from './props';

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
