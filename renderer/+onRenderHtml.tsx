// Environment: server
import { renderToString } from 'react-dom/server';
import { escapeInject, dangerouslySkipEscape } from 'vike/server';
import type { PageContextServer } from 'vike/types';
import { StyleProvider } from '@ant-design/cssinjs';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import enUS from 'antd/locale/en_US';
import { antdCache, antdStylesheetHref } from './antdStyles';
import './types';

export async function onRenderHtml(pageContext: PageContextServer) {
  if (pageContext.composedHtml !== undefined) {
    return escapeInject`${dangerouslySkipEscape(pageContext.composedHtml)}`;
  }
  const { Page } = pageContext;
  const shell = pageContext.shell ?? { lang: 'zh', title: '' };
  const html = Page
    ? renderToString(
        <StyleProvider cache={antdCache}>
          <ConfigProvider locale={shell.lang === 'en' ? enUS : zhCN} theme={{ token: { colorPrimary: '#1d4ed8' } }}>
            <Page {...(pageContext.pageProps ?? {})} />
          </ConfigProvider>
        </StyleProvider>,
      )
    : '';
  const stylesheet = antdStylesheetHref();
  return escapeInject`<!DOCTYPE html>
<html lang="${shell.lang === 'zh' ? 'zh-CN' : 'en'}">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${shell.title}</title>
    <link rel="stylesheet" href="/app.css">
    <link rel="stylesheet" href="${stylesheet}">
  </head>
  <body>
    <div id="page-root">${dangerouslySkipEscape(html)}</div>
  </body>
</html>`;
}
