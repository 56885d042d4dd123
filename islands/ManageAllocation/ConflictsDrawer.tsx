/**
 * The conflicts of interest: suggested ones to confirm or dismiss, those an author declared (they
 * block as they are) to overrule, and the remembered decisions and declarations to undo.
 */
import { useEffect, useState } from 'react';
import { App, Button, Drawer, Empty, Space, Table, Tag, Typography } from 'antd';
import { allocationApi, type ConflictView } from '../../server/contract/allocation';
import { call } from '../shared/api';
import { useChangeConfirm } from './ChangeConfirm';
import { CONFLICT_COLORS, failText, reasonText, type T } from './shared';

type Props = { t: T; mobile: boolean; open: boolean; onClose: (changed: boolean) => void };

export function ConflictsDrawer({ t, mobile, open, onClose }: Props) {
  const { message } = App.useApp();
  const [rows, setRows] = useState<ConflictView[] | null>(null);
  const [changed, setChanged] = useState(false);

  useEffect(() => {
    if (open) call(allocationApi.conflicts).then(setRows, (err) => message.error(failText(err, t)));
  }, [open]);

  async function refresh() {
    setChanged(true);
    try {
      setRows(await call(allocationApi.conflicts));
    } catch (err) {
      message.error(failText(err, t));
    }
  }
  // A decision is previewed first (the review it ends, the status it moves) and applied from the confirmation.
  const confirm = useChangeConfirm(t, mobile, () => void refresh());
  const busy = confirm.busy;
  const decide = (c: ConflictView, state: 'confirmed' | 'dismissed') =>
    confirm.start({ kind: 'decide', reviewerId: c.reviewerId, submissionId: c.submissionId, state, note: '' });
  const undo = (c: ConflictView) =>
    confirm.start({ kind: 'undecide', submissionId: c.submissionId, reviewerId: c.reviewerId });

  return (
    <Drawer
      open={open}
      size={mobile ? '100%' : 760}
      title={t('allocation:ui.conflicts')}
      onClose={() => {
        onClose(changed);
        setChanged(false);
      }}
    >
      <Table
        rowKey={(c) => `${c.submissionId}:${c.reviewerId}`}
        size="small"
        loading={rows === null}
        dataSource={rows ?? []}
        pagination={{ pageSize: 20, showSizeChanger: false }}
        locale={{ emptyText: <Empty description={t('allocation:ui.noConflicts')} /> }}
        scroll={{ x: true }}
        columns={[
          {
            title: t('allocation:ui.paper'),
            key: 'paper',
            render: (_, c) => (
              <div style={{ overflowWrap: 'anywhere', minWidth: 140 }}>
                {c.number} {c.title}
              </div>
            ),
          },
          { title: t('allocation:ui.reviewer'), key: 'reviewer', render: (_, c) => c.reviewerName },
          {
            title: t('allocation:ui.reason'),
            key: 'reason',
            render: (_, c) => (
              <div style={{ overflowWrap: 'anywhere' }}>
                {reasonText(c.reason, t)}
                <div>
                  <Typography.Text type="secondary">{c.detail || c.note}</Typography.Text>
                </div>
              </div>
            ),
          },
          {
            title: t('allocation:ui.state'),
            key: 'state',
            render: (_, c) => <Tag color={CONFLICT_COLORS[c.state]}>{t(`allocation:state.${c.state}`)}</Tag>,
          },
          {
            title: '',
            key: 'actions',
            render: (_, c) =>
              c.stored ? (
                <Button size="small" disabled={busy} onClick={() => undo(c)}>
                  {t('allocation:ui.undo')}
                </Button>
              ) : (
                <Space size={4} wrap>
                  {c.state === 'suggested' && (
                    <Button size="small" disabled={busy} onClick={() => decide(c, 'confirmed')}>
                      {t('allocation:ui.confirm')}
                    </Button>
                  )}
                  {/* An author's declaration blocks as it is; a manager may only overrule it. */}
                  <Button size="small" disabled={busy} onClick={() => decide(c, 'dismissed')}>
                    {t(c.state === 'suggested' ? 'allocation:ui.dismiss' : 'allocation:ui.overrule')}
                  </Button>
                </Space>
              ),
          },
        ]}
      />
      {confirm.dialog}
    </Drawer>
  );
}
