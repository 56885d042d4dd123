/**
 * Hotel configuration (spec 2.12 config/hotel, 3 "Hotel config", "Hotel", "Room", 5): the basic
 * settings (booking window, currencies, description, additional condition) and the hotels with
 * their room types. The browser checks the rules the server checks (the contract's
 * settingsProblem and roomProblem, the same keys); the server decides.
 */
import { useState } from 'react';
import { Tabs } from 'antd';
import { AntdRoot } from '../shared/AntdRoot';
import { translator } from '../shared/i18n';
import { lazyPart, LaterTab, usePreload } from '../shared/lazyPart';
import { SettingsTab } from './SettingsTab';
import type { ManageHotelConfigProps } from './props';

/** The hotels tab (tables, dialogs, photo upload) loads when first opened (issue 32). */
const HotelsTab = lazyPart(() => import('./HotelsTab').then((m) => m.HotelsTab));

function Config({ lang, mobile, settings: initialSettings, hotels: initialHotels }: ManageHotelConfigProps) {
  const t = translator(lang);
  const [settings, setSettings] = useState(initialSettings);
  const [hotels, setHotels] = useState(initialHotels);
  usePreload(HotelsTab);
  return (
    <Tabs
      className="manage-hotel-config"
      items={[
        {
          key: 'settings',
          label: t('hotels:config.tabSettings'),
          children: (
            <SettingsTab
              lang={lang}
              mobile={mobile}
              t={t}
              settings={settings}
              onSaved={setSettings}
              onHotels={setHotels}
            />
          ),
        },
        {
          key: 'hotels',
          label: t('hotels:config.tabHotels'),
          children: (
            <LaterTab>
              <HotelsTab lang={lang} mobile={mobile} t={t} settings={settings} hotels={hotels} setHotels={setHotels} />
            </LaterTab>
          ),
        },
      ]}
    />
  );
}

export default function ManageHotelConfig(props: ManageHotelConfigProps) {
  return (
    <AntdRoot lang={props.lang}>
      <Config {...props} />
    </AntdRoot>
  );
}
