/**
 * Hotel configuration (spec 2.12 config/hotel, 3 "Hotel config", "Hotel", "Room", 5): the basic
 * settings (booking window, currencies, description, additional condition) and the hotels with
 * their room types. The browser checks the rules the server checks (the contract's
 * settingsProblem and roomProblem, the same keys); the server decides.
 */
import { useState } from 'react';
import { Tabs } from 'antd';
import type { HotelSettingsView, HotelView } from '../../server/contract/hotels';
import { AntdRoot } from '../shared/AntdRoot';
import { translator } from '../shared/i18n';
import type { Lang } from '../shared/locale';
import { SettingsTab } from './SettingsTab';
import { HotelsTab } from './HotelsTab';

export type ManageHotelConfigProps = { lang: Lang; mobile: boolean; settings: HotelSettingsView; hotels: HotelView[] };

function Config({ lang, mobile, settings: initialSettings, hotels: initialHotels }: ManageHotelConfigProps) {
  const t = translator(lang);
  const [settings, setSettings] = useState(initialSettings);
  const [hotels, setHotels] = useState(initialHotels);
  return (
    <Tabs
      className="manage-hotel-config"
      items={[
        { key: 'settings', label: t('hotels:config.tabSettings'), children: <SettingsTab lang={lang} mobile={mobile} t={t} settings={settings} onSaved={setSettings} onHotels={setHotels} /> },
        { key: 'hotels', label: t('hotels:config.tabHotels'), children: <HotelsTab lang={lang} mobile={mobile} t={t} settings={settings} hotels={hotels} setHotels={setHotels} /> },
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
