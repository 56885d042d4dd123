/**
 * Organisation login (spec 2.5): up to three common organisations as buttons, a remote search
 * of the others (cleared when the input is empty), and "go to organisation".
 */
import { useEffect, useRef, useState } from 'react';
import { App, Button, Select, Space, Tooltip } from 'antd';
import { InfoCircleOutlined } from '@ant-design/icons';
import { AntdRoot } from '../shared/AntdRoot';
import { accountsApi } from '../../server/contract/accounts';
import { call, ApiError } from '../shared/api';
import { translator } from '../shared/i18n';
import type { Lang } from '../shared/locale';
import type { Organisation } from '../../server/contract/sso';
import type { OrgLoginProps } from './props';

function nameOf(org: Organisation, lang: Lang): string {
  return lang === 'zh' && org.zname ? org.zname : org.ename || org.zname;
}

function Orgs({ lang, state, common }: OrgLoginProps) {
  const t = translator(lang);
  const { message } = App.useApp();
  const [options, setOptions] = useState<Organisation[]>([]);
  const [chosen, setChosen] = useState<string | undefined>();
  const [searching, setSearching] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  function search(query: string) {
    clearTimeout(timer.current);
    if (!query.trim()) {
      setOptions([]);
      return;
    }
    timer.current = setTimeout(async () => {
      setSearching(true);
      try {
        setOptions(await call(accountsApi.organisations, { query: { selectInput: 'edugain', query, state } }));
      } catch (err) {
        message.error(t(err instanceof ApiError ? err.messageKey : 'userReg.passportError'));
      } finally {
        setSearching(false);
      }
    }, 250);
  }

  const target = options.find((o) => o.entityId === chosen);
  return (
    <div className="org-login">
      <p className="org-login-title">
        {t('auth.orgLoginHint')}{' '}
        <Tooltip title={t('auth.orgLoginInfo')}>
          <InfoCircleOutlined aria-label={t('auth.orgLoginInfo')} />
        </Tooltip>
      </p>
      {common.length > 0 && (
        <>
          <p className="org-login-label">{t('auth.commonOrgs')}</p>
          <div className="org-login-common">
            {common.slice(0, 3).map((org) => (
              <a key={org.entityId} className="org-login-button" href={org.redirectUrl}>
                {org.logo ? <img src={org.logo} alt="" /> : null}
                <span>{nameOf(org, lang)}</span>
              </a>
            ))}
          </div>
        </>
      )}
      <p className="org-login-label">{t('auth.otherOrgs')}</p>
      <Space.Compact block>
        <Select
          showSearch
          allowClear
          size="large"
          style={{ width: '100%' }}
          placeholder={t('auth.searchOrg')}
          aria-label={t('auth.searchOrg')}
          filterOption={false}
          onSearch={search}
          onChange={(value) => setChosen(value)}
          loading={searching}
          value={chosen}
          notFoundContent={null}
          options={options.map((o) => ({ value: o.entityId, label: nameOf(o, lang) }))}
        />
      </Space.Compact>
      <Button
        size="large"
        block
        className="org-login-go"
        disabled={!target}
        onClick={() => target && location.assign(target.redirectUrl)}
      >
        {t('auth.goToOrg')}
      </Button>
    </div>
  );
}

export default function OrgLogin(props: OrgLoginProps) {
  return (
    <AntdRoot lang={props.lang}>
      <Orgs {...props} />
    </AntdRoot>
  );
}
