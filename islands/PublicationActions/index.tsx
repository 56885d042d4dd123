/**
 * Under the management overview: the website's publication state and the actions that apply to
 * it (spec 4 "Conference website"): apply to publish, withdraw the request, cancel publishing,
 * close the conference (confirmed), reopen. After an action the page reloads, so the overview's
 * status and this panel agree.
 */
import { useState } from 'react';
import { Alert, App, Button, Popconfirm, Space, Switch } from 'antd';
import { conferencesApi, formatInstant, type PublicationAction } from '../../server/contract/conferences';
import { AntdRoot } from '../shared/AntdRoot';
import { call, ApiError } from '../shared/api';
import { translator } from '../shared/i18n';
import type { PublicationActionsProps } from './props';

const NS = 'manageConference:publication.';
const CONFIRM: Partial<Record<PublicationAction, string>> = {
  close: 'confirmClose',
  cancelRelease: 'confirmCancelRelease',
};
const STATE_TEXT: Record<string, { key: string; type: 'info' | 'warning' | 'error' | 'success' }> = {
  '1': { key: 'draft', type: 'info' },
  '2': { key: 'pendingReview', type: 'warning' },
  '3': { key: 'rejected', type: 'error' },
  '4': { key: 'published', type: 'success' },
  '5': { key: 'closed', type: 'info' },
};

function Actions({ lang, mobile, state }: PublicationActionsProps) {
  const t = translator(lang);
  const { message } = App.useApp();
  const [busy, setBusy] = useState<PublicationAction | null>(null);
  const [maintenance, setMaintenance] = useState(state.maintenance);
  const [switching, setSwitching] = useState(false);

  // The maintenance switch (spec 8 'Under Maintenance'): saved at once; the managers keep working.
  async function toggleMaintenance(on: boolean) {
    setSwitching(true);
    try {
      setMaintenance((await call(conferencesApi.maintenance, { body: { on } })).maintenance);
      message.success(t('manageConference:maintenanceSaved'));
    } catch (err) {
      message.error(t(err instanceof ApiError ? err.messageKey : 'commonMsg.failed'));
    } finally {
      setSwitching(false);
    }
  }
  const shown = STATE_TEXT[state.status] ?? STATE_TEXT['1'];

  async function run(action: PublicationAction) {
    setBusy(action);
    try {
      // Each action has its endpoint, named after it.
      await call(conferencesApi[action]);
      window.location.reload();
    } catch (err) {
      message.error(t(err instanceof ApiError ? err.messageKey : 'commonMsg.failed'));
      setBusy(null);
    }
  }

  const description = (
    <>
      {state.requestedAt ? <div>{t(`${NS}requestedAt`, { time: formatInstant(state.requestedAt) })}</div> : null}
      {state.rejection ? (
        <div className="publication-reason" style={{ whiteSpace: 'pre-wrap' }}>
          {t(`${NS}reason`, { reason: state.rejection.reason })}
        </div>
      ) : null}
    </>
  );

  const button = (action: PublicationAction) => {
    const danger = action === 'close' || action === 'cancelRelease';
    const primary = action === 'apply' || action === 'reopen';
    const confirm = CONFIRM[action];
    const control = (
      <Button
        key={action}
        type={primary ? 'primary' : 'default'}
        danger={danger}
        loading={busy === action}
        disabled={busy !== null && busy !== action}
        block={mobile}
        onClick={confirm ? undefined : () => run(action)}
      >
        {t(`${NS}${action}`)}
      </Button>
    );
    if (!confirm) return control;
    return (
      <Popconfirm
        key={action}
        title={t(`${NS}${confirm}`)}
        onConfirm={() => run(action)}
        okText={t(`${NS}confirm`)}
        cancelText={t(`${NS}cancel`)}
        okButtonProps={{ danger: true }}
      >
        {control}
      </Popconfirm>
    );
  };

  return (
    <div className="publication-actions" style={{ marginTop: 24 }}>
      <h3 style={{ fontSize: 16, margin: '0 0 12px' }}>{t(`${NS}title`)}</h3>
      <Alert
        type={shown.type}
        showIcon
        title={t(`${NS}${shown.key}`)}
        description={state.requestedAt || state.rejection ? description : undefined}
      />
      {state.actions.length ? (
        <Space
          style={{ marginTop: 16, width: mobile ? '100%' : undefined }}
          orientation={mobile ? 'vertical' : 'horizontal'}
          wrap={!mobile}
        >
          {state.actions.map(button)}
        </Space>
      ) : null}
      <div className="maintenance-switch" style={{ marginTop: 16, display: 'flex', gap: 12, alignItems: 'flex-start' }}>
        <Switch
          id="maintenance-switch"
          checked={maintenance}
          loading={switching}
          onChange={(on) => void toggleMaintenance(on)}
        />
        <label htmlFor="maintenance-switch" style={{ cursor: 'pointer' }}>
          <strong>{t(`${NS}maintenance`)}</strong>
          <div style={{ color: '#595959' }}>{t(`${NS}maintenanceHint`)}</div>
        </label>
      </div>
    </div>
  );
}

export default function PublicationActions(props: PublicationActionsProps) {
  return (
    <AntdRoot lang={props.lang}>
      <Actions {...props} />
    </AntdRoot>
  );
}
