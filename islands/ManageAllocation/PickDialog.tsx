/**
 * The manual pick for one manuscript: the reviewers of its session with their load and any
 * conflict. A suggested conflict is confirmed or dismissed here before the pick; a confirmed or
 * declared one cannot be picked; any reviewer can be removed (a started review, after a
 * confirmation, is kept aside for the managers and no longer counts).
 */
import { useEffect, useState } from 'react';
import { App, Button, Empty, Modal, Space, Table, Tag, Typography } from 'antd';
import { allocationApi, type Candidate, type CandidatesView } from '../../server/contract/allocation';
import { call } from '../shared/api';
import { CONFLICT_COLORS, failText, reasonText, REVIEW_COLORS, type T } from './shared';

type Props = { t: T; mobile: boolean; submissionId: number | null; onClose: (changed: boolean) => void };

export function PickDialog({ t, mobile, submissionId, onClose }: Props) {
  const { message, modal } = App.useApp();
  const [view, setView] = useState<CandidatesView | null>(null);
  const [busy, setBusy] = useState(false);
  const [changed, setChanged] = useState(false);

  useEffect(() => {
    setView(null);
    setChanged(false);
    if (submissionId) call(allocationApi.candidates, { params: { id: submissionId } }).then(setView, (err) => message.error(failText(err, t)));
  }, [submissionId]);

  async function act(run: () => Promise<CandidatesView | unknown>, done: string) {
    setBusy(true);
    try {
      const next = await run();
      if (next && typeof next === 'object' && 'candidates' in next) setView(next as CandidatesView);
      else if (submissionId) setView(await call(allocationApi.candidates, { params: { id: submissionId } }));
      setChanged(true);
      message.success(t(done));
    } catch (err) {
      message.error(failText(err, t));
    } finally {
      setBusy(false);
    }
  }

  const id = submissionId ?? 0;
  const decide = (c: Candidate, state: 'confirmed' | 'dismissed') => act(() => call(allocationApi.decide, { body: { reviewerId: c.reviewerId, submissionId: id, state } }), 'allocation:conflictSaved');
  const add = (c: Candidate) => act(() => call(allocationApi.assign, { params: { id }, body: { reviewerIds: [c.reviewerId] } }), 'allocation:assigned');
  const unassign = (c: Candidate) => act(() => call(allocationApi.unassign, { params: { id, reviewerId: c.reviewerId } }), 'allocation:unassigned');
  const remove = (c: Candidate) => {
    if (c.state === 'assigned') return unassign(c);
    modal.confirm({ title: t('allocation:ui.remove'), content: t('allocation:ui.removeStarted', { name: c.name }), okText: t('allocation:ui.remove'), okButtonProps: { danger: true }, cancelText: t('allocation:ui.cancel'), onOk: () => unassign(c) });
  };

  const actions = (c: Candidate) => {
    if (c.state) return view?.submission.assignable ? <Button size="small" danger disabled={busy} onClick={() => remove(c)}>{t('allocation:ui.remove')}</Button> : null;
    if (c.conflict?.state === 'suggested') {
      return (
        <Space size={4} wrap>
          <Button size="small" disabled={busy} onClick={() => decide(c, 'confirmed')}>{t('allocation:ui.confirm')}</Button>
          <Button size="small" disabled={busy} onClick={() => decide(c, 'dismissed')}>{t('allocation:ui.dismiss')}</Button>
        </Space>
      );
    }
    const blocked = c.conflict && c.conflict.state !== 'dismissed';
    return <Button size="small" type="primary" disabled={busy || Boolean(blocked) || c.full || !view?.submission.assignable} onClick={() => add(c)}>{t('allocation:ui.add')}</Button>;
  };

  return (
    <Modal open={submissionId !== null} width={mobile ? '100%' : 860} footer={null} onCancel={() => onClose(changed)} title={view ? t('allocation:ui.pickTitle', { number: view.submission.number }) : ''}>
      {view && (
        <>
          <Typography.Paragraph strong style={{ overflowWrap: 'anywhere' }}>{view.submission.title}</Typography.Paragraph>
          <Table
            rowKey="reviewerId"
            size="small"
            pagination={false}
            scroll={{ x: true }}
            dataSource={view.candidates}
            locale={{ emptyText: <Empty description={t('allocation:ui.noCandidates')} /> }}
            columns={[
              { title: t('allocation:ui.reviewer'), key: 'name', render: (_, c) => <div style={{ overflowWrap: 'anywhere' }}>{c.name}<div><Typography.Text type="secondary">{[c.unit, c.email].filter(Boolean).join(' · ')}</Typography.Text></div></div> },
              { title: t('allocation:ui.load'), key: 'load', width: 70, render: (_, c) => (c.full ? <Tag color="red">{c.load} · {t('allocation:ui.full')}</Tag> : c.load) },
              {
                title: t('allocation:ui.state'), key: 'state', width: 200, render: (_, c) => (
                  <Space size={4} wrap>
                    {c.state && <Tag color={REVIEW_COLORS[c.state]}>{t(`allocation:state.${c.state}`)}</Tag>}
                    {c.conflict && <Tag color={CONFLICT_COLORS[c.conflict.state]}>{reasonText(c.conflict.reason, t)} · {t(`allocation:state.${c.conflict.state}`)}</Tag>}
                    {c.conflict?.detail && <Typography.Text type="secondary">{c.conflict.detail}</Typography.Text>}
                  </Space>
                ),
              },
              { title: '', key: 'actions', width: 150, render: (_, c) => actions(c) },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
