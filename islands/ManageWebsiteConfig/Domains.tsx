/**
 * The conference's domains: each is saved at once (not with the form). The domain in the address
 * bar and the last domain cannot be removed; the primary one is the site's address.
 */
import { useState } from 'react';
import { App, Button, Input, Popconfirm, Space, Tag, Typography } from 'antd';
import { call, ApiError } from '../shared/api';
import { translator } from '../shared/i18n';
import type { Lang } from '../shared/locale';
import type { DomainItem } from '../../server/contract/siteConfig';
import { sitesApi } from '../../server/contract/sites';

export function Domains({ lang, mobile, initial }: { lang: Lang; mobile: boolean; initial: DomainItem[] }) {
  const t = translator(lang);
  const { message } = App.useApp();
  const [rows, setRows] = useState(initial);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(send: () => Promise<DomainItem[]>, done: string) {
    setBusy(true);
    try {
      setRows(await send());
      message.success(t(done));
      return true;
    } catch (err) {
      const key = err instanceof ApiError ? err.messageKey : 'commonMsg.failed';
      if (
        err instanceof ApiError &&
        err.field === 'domain' &&
        key.startsWith('manageSite:domain') &&
        !['manageSite:domainCurrent', 'manageSite:domainLast'].includes(key)
      )
        setError(t(key, err.params));
      else message.error(t(key));
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function add() {
    setError(null);
    if (!draft.trim()) return setError(t('manageSite:domainInvalid'));
    if (await run(() => call(sitesApi.domainAdd, { body: { domain: draft } }), 'manageSite:domainAdded')) setDraft('');
  }

  const actions = (d: DomainItem) =>
    [
      d.primary ? null : (
        <a
          key="primary"
          onClick={() => run(() => call(sitesApi.domainPrimary, { params: { id: d.id } }), 'manageSite:saved')}
        >
          {t('manageSite:domainMakePrimary')}
        </a>
      ),
      d.current || rows.length <= 1 ? null : (
        <Popconfirm
          key="delete"
          title={t('manageSite:domainConfirmDelete', { domain: d.domain })}
          okText={t('manageSite:remove')}
          cancelText={t('profile.cancel')}
          onConfirm={() => run(() => call(sitesApi.domainDelete, { params: { id: d.id } }), 'manageSite:domainRemoved')}
        >
          <a className="danger-link">{t('manageSite:remove')}</a>
        </Popconfirm>
      ),
    ].filter(Boolean);

  return (
    <div style={{ maxWidth: 720, marginBottom: 24 }}>
      {/* A plain list: antd's List is deprecated in v6.6 and this one has a handful of rows. */}
      <ul style={{ listStyle: 'none', margin: 0, padding: 0, border: '1px solid #e5e7eb', borderRadius: 8 }}>
        {rows.map((d, index) => (
          <li
            key={d.id}
            style={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              justifyContent: 'space-between',
              gap: 8,
              padding: '8px 16px',
              borderTop: index ? '1px solid #f0f0f0' : undefined,
            }}
          >
            <Space wrap size={4}>
              <Typography.Text strong style={{ wordBreak: 'break-all' }}>
                {d.domain}
              </Typography.Text>
              {d.primary ? <Tag color="blue">{t('manageSite:domainPrimary')}</Tag> : null}
              {d.current ? <Tag color="green">{t('manageSite:domainCurrentTag')}</Tag> : null}
            </Space>
            <Space size={16}>{actions(d)}</Space>
          </li>
        ))}
      </ul>
      <div style={{ marginTop: 12 }}>
        <Space.Compact style={{ width: '100%', maxWidth: mobile ? undefined : 480 }}>
          <Input
            value={draft}
            status={error ? 'error' : undefined}
            placeholder={t('manageSite:placeholder.domain')}
            aria-label={t('manageSite:domainAdd')}
            onChange={(e) => {
              setDraft(e.target.value);
              setError(null);
            }}
            onPressEnter={(e) => {
              // Enter adds the domain; it must not submit the configuration form around it.
              e.preventDefault();
              void add();
            }}
          />
          <Button onClick={add} loading={busy}>
            {t('manageSite:domainAdd')}
          </Button>
        </Space.Compact>
        {error ? <div style={{ color: '#dc2626', marginTop: 4 }}>{error}</div> : null}
        <div style={{ color: '#6b7280', fontSize: 13, marginTop: 4 }}>{t('manageSite:domainHint')}</div>
      </div>
    </div>
  );
}
