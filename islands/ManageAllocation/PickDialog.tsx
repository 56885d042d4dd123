/**
 * The manual pick for one manuscript: the reviewers of its session with their load and any
 * conflict. A suggested conflict is confirmed or dismissed here before the pick; a confirmed or
 * declared one cannot be picked; any reviewer can be removed (a started review is kept aside for
 * the managers and no longer counts). Each change shows its preview to confirm (ChangeConfirm.tsx).
 */
import { useEffect, useState } from 'react';
import { App, Button, Modal, Space, Tag, Typography } from 'antd';
import { allocationApi, type Candidate, type CandidatesView } from '../../server/contract/allocation';
import { call } from '../shared/api';
import { ManageTable } from '../shared/ManageTable';
import { useChangeConfirm } from './ChangeConfirm';
import { CONFLICT_COLORS, failText, reasonText, REVIEW_COLORS, type T } from './shared';

type Props = { t: T; mobile: boolean; submissionId: number | null; onClose: (changed: boolean) => void };

export function PickDialog({ t, mobile, submissionId, onClose }: Props) {
  const { message } = App.useApp();
  const [view, setView] = useState<CandidatesView | null>(null);
  const [changed, setChanged] = useState(false);

  useEffect(() => {
    setView(null);
    setChanged(false);
    if (submissionId)
      call(allocationApi.candidates, { params: { id: submissionId } }).then(setView, (err) =>
        message.error(failText(err, t)),
      );
  }, [submissionId]);

  async function refresh() {
    setChanged(true);
    if (!submissionId) return;
    try {
      setView(await call(allocationApi.candidates, { params: { id: submissionId } }));
    } catch (err) {
      message.error(failText(err, t));
    }
  }
  // Every change is previewed first and applied from the confirmation (ChangeConfirm.tsx).
  const confirm = useChangeConfirm(t, mobile, () => void refresh());
  const busy = confirm.busy;

  const id = submissionId ?? 0;
  const decide = (c: Candidate, state: 'confirmed' | 'dismissed') =>
    confirm.start({ kind: 'decide', reviewerId: c.reviewerId, submissionId: id, state, note: '' });
  const add = (c: Candidate) => confirm.start({ kind: 'assign', submissionId: id, reviewerIds: [c.reviewerId] });
  const remove = (c: Candidate) => confirm.start({ kind: 'unassign', submissionId: id, reviewerId: c.reviewerId });

  const actions = (c: Candidate) => {
    if (c.state)
      return view?.submission.assignable ? (
        <Button size="small" danger disabled={busy} onClick={() => remove(c)}>
          {t('allocation:ui.remove')}
        </Button>
      ) : null;
    if (c.conflict?.state === 'suggested') {
      return (
        <Space size={4} wrap>
          <Button size="small" disabled={busy} onClick={() => decide(c, 'confirmed')}>
            {t('allocation:ui.confirm')}
          </Button>
          <Button size="small" disabled={busy} onClick={() => decide(c, 'dismissed')}>
            {t('allocation:ui.dismiss')}
          </Button>
        </Space>
      );
    }
    const blocked = c.conflict && c.conflict.state !== 'dismissed';
    return (
      <Button
        size="small"
        type="primary"
        disabled={busy || Boolean(blocked) || c.full || !view?.submission.assignable}
        onClick={() => add(c)}
      >
        {t('allocation:ui.add')}
      </Button>
    );
  };

  return (
    <Modal
      open={submissionId !== null}
      width={mobile ? '100%' : 860}
      footer={null}
      onCancel={() => onClose(changed)}
      title={view ? t('allocation:ui.pickTitle', { number: view.submission.number }) : ''}
    >
      {view && (
        <>
          <Typography.Paragraph strong style={{ overflowWrap: 'anywhere' }}>
            {view.submission.title}
          </Typography.Paragraph>
          <ManageTable<Candidate>
            mobile={mobile}
            size="small"
            rowKey={(c) => c.reviewerId}
            rows={view.candidates}
            pagination={false}
            emptyText={t('allocation:ui.noCandidates')}
            columns={[
              {
                key: 'name',
                title: t('allocation:ui.reviewer'),
                primary: true,
                minWidth: 180,
                render: (c) => (
                  <>
                    {c.name}
                    <div>
                      <Typography.Text type="secondary">
                        {[c.unit, c.email].filter(Boolean).join(' · ')}
                      </Typography.Text>
                    </div>
                  </>
                ),
              },
              {
                key: 'load',
                title: t('allocation:ui.load'),
                render: (c) =>
                  c.full ? (
                    <Tag color="red">
                      {c.load} · {t('allocation:ui.full')}
                    </Tag>
                  ) : (
                    c.load
                  ),
              },
              {
                key: 'state',
                title: t('allocation:ui.state'),
                minWidth: 140,
                render: (c) => (
                  <Space size={4} wrap>
                    {c.state && <Tag color={REVIEW_COLORS[c.state]}>{t(`allocation:state.${c.state}`)}</Tag>}
                    {c.conflict && (
                      <Tag color={CONFLICT_COLORS[c.conflict.state]}>
                        {reasonText(c.conflict.reason, t)} · {t(`allocation:state.${c.conflict.state}`)}
                      </Tag>
                    )}
                    {c.conflict?.detail && <Typography.Text type="secondary">{c.conflict.detail}</Typography.Text>}
                    {!c.state && !c.conflict && (
                      <Typography.Text type="secondary">{t('allocation:ui.notPicked')}</Typography.Text>
                    )}
                  </Space>
                ),
              },
              { key: 'actions', title: '', actions: true, minWidth: 120, render: (c) => actions(c) },
            ]}
          />
        </>
      )}
      {confirm.dialog}
    </Modal>
  );
}
