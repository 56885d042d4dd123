/**
 * A manual change (a pick, a removal, a conflict decided or undone) is previewed before it is
 * saved, like the one-click run: the server plans it without saving (who is added or removed, a
 * started review set aside, the status moves, the conflict decision, the mails, the loads after)
 * and this dialog shows the plan; "Apply" sends the change back with the plan's token. When the
 * assignments changed meanwhile the server refuses and the dialog offers a fresh preview.
 */
import { useState, type ReactNode } from 'react';
import { Alert, App, Button, Modal, Space, Table, Tag, Typography } from 'antd';
import { allocationApi, type ChangePlan, type ManualInput, type PlanPair } from '../../server/contract/allocation';
import { ApiError, call } from '../shared/api';
import { failText, type T } from './shared';

type Open = { change: ManualInput; plan: ChangePlan | null; stale: boolean };

const pairText = (x: PlanPair) => `${x.name} · ${x.number}`;
const STALE_FRAME = { border: '1px dashed #d9d9d9', borderRadius: 8, padding: 12, background: '#fafafa' };

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div style={{ marginBottom: 12 }}>
      <Typography.Text strong>{title}</Typography.Text>
      <div style={{ marginTop: 4, overflowWrap: 'anywhere' }}>{children}</div>
    </div>
  );
}

function PlanBody({ plan, t }: { plan: ChangePlan; t: T }) {
  const state = (s: string | null) => (s ? t(`allocation:state.${s}`) : t('allocation:ui.planForgotten'));
  const nothing = !plan.added.length && !plan.removed.length && !plan.conflicts.length && !plan.statusMoves.length;
  return (
    <>
      {nothing && <Typography.Paragraph>{t('allocation:ui.nothing')}</Typography.Paragraph>}
      {plan.added.length > 0 && (
        <Section title={t('allocation:ui.planAdded')}>
          <Space size={4} wrap>
            {plan.added.map((x) => (
              <Tag key={`a${x.submissionId}:${x.reviewerId}`} color="green">
                {pairText(x)}
              </Tag>
            ))}
          </Space>
        </Section>
      )}
      {plan.removed.length > 0 && (
        <Section title={t('allocation:ui.planRemoved')}>
          <Space size={4} wrap>
            {plan.removed.map((x) => (
              <Tag key={`r${x.submissionId}:${x.reviewerId}`} color="red">
                {pairText(x)}
              </Tag>
            ))}
          </Space>
        </Section>
      )}
      {plan.setAside.map((x) => (
        <Alert
          key={`s${x.submissionId}:${x.reviewerId}`}
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('allocation:ui.planSetAside', { name: x.name, number: x.number })}
        />
      ))}
      {plan.conflicts.length > 0 && (
        <Section title={t('allocation:ui.planConflicts')}>
          {plan.conflicts.map((c) => (
            <div key={`c${c.submissionId}:${c.reviewerId}`}>
              {pairText(c)}: {state(c.from)} → {state(c.to)}
            </div>
          ))}
        </Section>
      )}
      {plan.statusMoves.length > 0 && (
        <Section title={t('allocation:ui.planStatus')}>
          {plan.statusMoves.map((m) => (
            <div key={m.submissionId}>
              {m.number}: {t(`submissions:status.${m.from}`)} → {t(`submissions:status.${m.to}`)}
            </div>
          ))}
        </Section>
      )}
      {plan.mails.length > 0 && (
        <Section title={t('allocation:ui.planMails')}>
          {plan.mails.map((x) => (
            <div key={`m${x.submissionId}:${x.reviewerId}`}>{pairText(x)}</div>
          ))}
        </Section>
      )}
      {plan.loads.length > 0 && (
        <Section title={t('allocation:ui.planLoads')}>
          <Table
            rowKey="reviewerId"
            size="small"
            pagination={false}
            dataSource={plan.loads}
            columns={[
              { title: t('allocation:ui.reviewer'), key: 'name', dataIndex: 'name' },
              { title: t('allocation:ui.planBefore'), key: 'before', dataIndex: 'before', width: 90 },
              { title: t('allocation:ui.planAfter'), key: 'after', dataIndex: 'after', width: 90 },
            ]}
          />
        </Section>
      )}
    </>
  );
}

/**
 * `start(change)` previews the change and opens the confirmation; `onApplied` runs once it is
 * saved (the caller reloads its view). Render `dialog` once in the caller.
 */
export function useChangeConfirm(t: T, mobile: boolean, onApplied: () => void) {
  const { message } = App.useApp();
  const [open, setOpen] = useState<Open | null>(null);
  const [busy, setBusy] = useState(false);

  async function start(change: ManualInput) {
    setBusy(true);
    try {
      const plan = await call(allocationApi.manualPreview, { body: change });
      setOpen({ change, plan, stale: false });
    } catch (err) {
      message.error(failText(err, t));
      setOpen(null);
    } finally {
      setBusy(false);
    }
  }

  async function apply() {
    if (!open?.plan) return;
    setBusy(true);
    try {
      await call(allocationApi.manualApply, { body: { change: open.change, token: open.plan.token } });
      message.success(t('allocation:manualApplied'));
      setOpen(null);
      onApplied();
    } catch (err) {
      if (err instanceof ApiError && err.messageKey === 'allocation:stale') setOpen({ ...open, stale: true });
      else message.error(failText(err, t));
    } finally {
      setBusy(false);
    }
  }

  const removes = Boolean(open?.plan?.removed.length);
  const dialog = (
    <Modal
      open={open !== null}
      width={mobile ? '100%' : 620}
      title={t('allocation:ui.planTitle')}
      onCancel={() => setOpen(null)}
      footer={
        <Space wrap>
          <Button onClick={() => setOpen(null)}>{t('allocation:ui.cancel')}</Button>
          {open?.stale ? (
            <Button type="primary" loading={busy} onClick={() => open && void start(open.change)}>
              {t('allocation:ui.previewAgain')}
            </Button>
          ) : (
            <Button type="primary" danger={removes} loading={busy} onClick={() => void apply()}>
              {t('allocation:ui.planApply')}
            </Button>
          )}
        </Space>
      }
    >
      {open?.stale && <Alert type="error" showIcon style={{ marginBottom: 12 }} title={t('allocation:stale')} />}
      {open?.plan && (
        // A stale plan stays readable, set apart in a dashed frame under the error: it is what the manager had
        // confirmed, no longer what will happen. Not faded: half-opaque text failed WCAG's 4.5:1 contrast (axe).
        <div style={open.stale ? STALE_FRAME : undefined}>
          <PlanBody plan={open.plan} t={t} />
        </div>
      )}
    </Modal>
  );
  return { start, busy, dialog };
}
