/**
 * The manager's review configuration (spec 2.12 config/review; 3 "Review scoring", "Review
 * config"; 5 "Review config"; 9 "Review rule titles"): the settings (blind review, the chair's
 * opinion final or not, the five scores, the assignment numbers) and the detail rules reviewers
 * answer. Every save answers the whole configuration, which replaces the screen's copy, so each
 * tab shows what the server holds. The browser checks what the contract checks, with the same
 * message keys; the server decides.
 */
import { useState } from 'react';
import { Tabs } from 'antd';
import { AntdRoot } from '../shared/AntdRoot';
import { translator } from '../shared/i18n';
import { lazyPart, LaterTab, usePreload } from '../shared/lazyPart';
import { SettingsTab } from './SettingsTab';
import type { ManageReviewConfigProps } from './props';

/** The rules tab (its table and dialog) loads when first opened (issue 32). */
const RulesTab = lazyPart(() => import('./RulesTab').then((m) => m.RulesTab));

function Config({ lang, mobile, config: initial }: ManageReviewConfigProps) {
  const t = translator(lang);
  const [config, setConfig] = useState(initial);
  usePreload(RulesTab);
  return (
    <Tabs
      className="manage-review-config"
      size={mobile ? 'small' : 'middle'}
      items={[
        {
          key: 'settings',
          label: t('review:config.settingsTab'),
          children: <SettingsTab mobile={mobile} t={t} settings={config.settings} onSaved={setConfig} />,
        },
        {
          key: 'rules',
          label: t('review:config.rulesTab'),
          children: (
            <LaterTab>
              <RulesTab lang={lang} mobile={mobile} t={t} rules={config.rules} onSaved={setConfig} />
            </LaterTab>
          ),
        },
      ]}
    />
  );
}

export default function ManageReviewConfig(props: ManageReviewConfigProps) {
  return (
    <AntdRoot lang={props.lang}>
      <Config {...props} />
    </AntdRoot>
  );
}
