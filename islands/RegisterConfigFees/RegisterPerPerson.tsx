/**
 * The registration-fee tab's rule (issue 32): how many registration fees one person may hold,
 * unpaid or paid. 1 unless the manager allows more; the server refuses a second one whichever
 * tab or device asks ('fees:registerTaken').
 */
import { useState } from 'react';
import { Button, InputNumber, Space, Typography } from 'antd';
import { feesApi, type FeeSettings } from '../../server/contract/fees';
import { call } from '../shared/api';
import type { T } from '../shared/i18n';

export function RegisterPerPerson({
  t,
  initial,
  onSaved,
  onError,
}: {
  t: T;
  initial: FeeSettings;
  onSaved: () => void;
  onError: (err: unknown) => void;
}) {
  const [value, setValue] = useState<number | null>(initial.registerPerPerson);
  const [saved, setSaved] = useState(initial.registerPerPerson);
  const [busy, setBusy] = useState(false);
  async function save() {
    setBusy(true);
    try {
      const next = await call(feesApi.saveSettings, { body: { registerPerPerson: value ?? 0 } });
      setSaved(next.registerPerPerson);
      setValue(next.registerPerPerson);
      onSaved();
    } catch (err) {
      onError(err);
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="fee-rule" style={{ margin: '12px 0' }}>
      <Typography.Text strong>{t('fees:settingsTitle')}</Typography.Text>
      <div>
        <Space wrap>
          <label htmlFor="register-per-person">{t('fees:registerPerPerson')}</label>
          <InputNumber
            id="register-per-person"
            min={1}
            max={100}
            precision={0}
            value={value}
            onChange={(v) => setValue(v)}
          />
          <Button onClick={save} loading={busy} disabled={value === saved}>
            {t('fees:save')}
          </Button>
        </Space>
      </div>
      <Typography.Text type="secondary">{t('fees:registerPerPersonHint')}</Typography.Text>
    </div>
  );
}
