/** antd's providers for an island: the same on the server and in the browser, so hydration matches. */
import type { ReactNode } from 'react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import enUS from 'antd/locale/en_US';
import type { Lang } from './locale';

export const THEME = { token: { colorPrimary: '#1d4ed8', borderRadius: 8 } };

export function AntdRoot({ lang, children }: { lang: Lang; children: ReactNode }) {
  return (
    <ConfigProvider locale={lang === 'en' ? enUS : zhCN} theme={THEME}>
      <App>{children}</App>
    </ConfigProvider>
  );
}
