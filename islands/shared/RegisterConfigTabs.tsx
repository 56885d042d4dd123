/**
 * The tabs of the registration configuration (spec 2.12): basic configuration, personal
 * information (the form), registration fee and optional fee (the fees feature), templates
 * (documents). Each tab is its own page and island. Plain links, so each tab is a server-rendered page.
 */
import { translator } from './i18n';
import type { Lang } from './locale';

export type RegisterConfigTab = 'basic' | 'form' | 'fee' | 'optional' | 'template';

const TABS: Array<[RegisterConfigTab, string, string]> = [
  ['basic', '/platform/config/register', 'registration:config.tabBasic'],
  ['form', '/platform/config/register/form', 'registration:config.tabForm'],
  ['fee', '/platform/config/register/fee', 'fees:tabRegister'],
  ['optional', '/platform/config/register/optional', 'fees:tabOptional'],
  ['template', '/platform/config/register/template', 'registration:config.tabTemplate'],
];

export function RegisterConfigTabs({ lang, active }: { lang: Lang; active: RegisterConfigTab }) {
  const t = translator(lang);
  return (
    <nav className="config-tabs" aria-label={t('registration:config.title')}>
      {TABS.map(([tab, href, key]) => (
        <a
          key={tab}
          href={href}
          className={tab === active ? 'config-tab active' : 'config-tab'}
          aria-current={tab === active ? 'page' : undefined}
        >
          {t(key)}
        </a>
      ))}
    </nav>
  );
}
