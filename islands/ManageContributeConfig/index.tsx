/**
 * The manager's call-for-papers configuration (spec 2.12 config/contribute; 3 "Submission config",
 * "Layout (PDF typesetting) config", "Theme / session", "Report type, category"; 5 "Submission
 * config"): basic settings, sessions with their sub-sessions, report types and categories, and the
 * layout of the book of abstracts. Every save answers the whole configuration, which replaces the
 * screen's copy, so each tab shows what the server holds. The browser checks what the contract
 * checks, with the same message keys; the server decides.
 */
import { useState } from 'react';
import { Tabs } from 'antd';
import { AntdRoot } from '../shared/AntdRoot';
import { translator } from '../shared/i18n';
import { titleOf } from '../shared/orderText';
import { lazyPart, LaterTab, usePreload } from '../shared/lazyPart';
import { SettingsTab } from './SettingsTab';
import type { ManageContributeConfigProps } from './props';

/** The tabs after the first load when first opened (issue 32). */
const SessionsTab = lazyPart(() => import('./SessionsTab').then((m) => m.SessionsTab));
const TermsTab = lazyPart(() => import('./TermsTab').then((m) => m.TermsTab));
const LayoutTab = lazyPart(() => import('./LayoutTab').then((m) => m.LayoutTab));
const FeeTab = lazyPart(() => import('./FeeTab').then((m) => m.FeeTab));

function Config({ lang, mobile, config: initial }: ManageContributeConfigProps) {
  const t = translator(lang);
  const [config, setConfig] = useState(initial);
  const pick = (zh: string, en: string) => titleOf(zh, en, lang);
  usePreload(SessionsTab, TermsTab, LayoutTab, FeeTab);
  return (
    <Tabs
      className="manage-contribute-config"
      size={mobile ? 'small' : 'middle'}
      items={[
        {
          key: 'settings',
          label: t('submitConfig:tab.settings'),
          children: <SettingsTab mobile={mobile} t={t} settings={config.settings} onSaved={setConfig} />,
        },
        {
          key: 'sessions',
          label: t('submitConfig:tab.sessions'),
          children: (
            <LaterTab>
              <SessionsTab
                lang={lang}
                mobile={mobile}
                t={t}
                pick={pick}
                sessions={config.sessions}
                onSaved={setConfig}
              />
            </LaterTab>
          ),
        },
        {
          key: 'terms',
          label: t('submitConfig:tab.terms'),
          children: (
            <LaterTab>
              <TermsTab
                lang={lang}
                mobile={mobile}
                t={t}
                reportTypes={config.reportTypes}
                categories={config.categories}
                onSaved={setConfig}
              />
            </LaterTab>
          ),
        },
        {
          key: 'layout',
          label: t('submitConfig:tab.layout'),
          children: (
            <LaterTab>
              <LayoutTab mobile={mobile} t={t} layout={config.layout} onSaved={setConfig} />
            </LaterTab>
          ),
        },
        {
          key: 'fee',
          label: t('submitConfig:tab.fee'),
          children: (
            <LaterTab>
              <FeeTab mobile={mobile} t={t} />
            </LaterTab>
          ),
        },
      ]}
    />
  );
}

export default function ManageContributeConfig(props: ManageContributeConfigProps) {
  return (
    <AntdRoot lang={props.lang}>
      <Config {...props} />
    </AntdRoot>
  );
}
