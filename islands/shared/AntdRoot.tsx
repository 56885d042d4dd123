/** antd's providers for an island: the same on the server and in the browser, so hydration matches. */
import { useEffect, type ReactNode } from 'react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import enUS from 'antd/locale/en_US';
import { onSignInError } from './api';
import { translator } from './i18n';
import type { Lang } from './locale';
import { WorkDialogHost } from './workDialog';

/**
 * antd's grey for placeholders and hints (25 % and 45 % black) is below WCAG's 4.5:1 on white;
 * these reach it (axe-core, test/e2e/accessibility.test.ts). So does its red (#ff4d4f, 3.3:1 on
 * white, every danger button) as red-7 (5.9:1, issue 32); the coloured tags are in public/app.css.
 */
export const THEME = {
  token: {
    colorPrimary: '#1d4ed8',
    colorLink: '#1d4ed8',
    borderRadius: 8,
    colorTextPlaceholder: '#717171',
    colorTextDescription: '#595959',
    colorError: '#cf1322',
  },
};

/**
 * Where a form puts the field it scrolls to (a failed submit, a server's field error): the middle
 * of the window, so neither the field nor its message hides under whatever a site template keeps
 * fixed at the top (the demo sites' sticky menu is 52 px; a manager's template may fix more).
 */
export const SCROLL_TO_FIELD = { block: 'center', focus: true } as const;
const FORMS = { scrollToFirstError: SCROLL_TO_FIELD };

/** Spec 9: every notification shows for 2000 ms (one setting; no call gives its own). */
const MESSAGES = { duration: 2 };

/** Spec 2.3: on a 401 one alert, "Sign In Error"; OK leads to the login page (api.ts). */
function SignInErrorAlert({ lang }: { lang: Lang }) {
  const { modal } = App.useApp();
  useEffect(() => {
    const t = translator(lang);
    onSignInError(
      () =>
        new Promise<void>((resolve) =>
          modal.error({ title: t('signInErrorTitle'), content: t('signInErrorMsg'), onOk: () => resolve() }),
        ),
    );
  }, [lang, modal]);
  return null;
}

/** Spec 1: the `locale` key in the browser's storage follows the language of every page shown. */
function KeepLocale({ lang }: { lang: Lang }) {
  useEffect(() => {
    try {
      if (localStorage.getItem('locale') !== lang) localStorage.setItem('locale', lang);
    } catch {
      // Private mode may refuse storage; the cookie is what the server reads.
    }
  }, [lang]);
  return null;
}

export function AntdRoot({ lang, children }: { lang: Lang; children: ReactNode }) {
  return (
    <ConfigProvider locale={lang === 'en' ? enUS : zhCN} theme={THEME} form={FORMS}>
      <App message={MESSAGES}>
        <SignInErrorAlert lang={lang} />
        <KeepLocale lang={lang} />
        <WorkDialogHost lang={lang} />
        {children}
      </App>
    </ConfigProvider>
  );
}
