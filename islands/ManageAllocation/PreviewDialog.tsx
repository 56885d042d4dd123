/**
 * One-click random allocation: the proposed result, computed by the server and not saved — per
 * manuscript the reviewers kept, added and removed, the manuscripts that fall short and why, the
 * loads per session with their spread. "Save" sends the seed and the token back; when someone
 * changed the assignments meanwhile the server refuses and a new preview is drawn.
 */
import { useState } from 'react';
import { Alert, App, Button, Collapse, List, Modal, Space, Switch, Tag, Typography } from 'antd';
import { allocationApi, type AllocationPreview } from '../../server/contract/allocation';
import { ApiError, call } from '../shared/api';
import type { Names } from '../shared/submissionLabels';
import { failText, type T } from './shared';

type Props = { t: T; mobile: boolean; names: Names; open: boolean; onClose: (saved: boolean) => void };

export function PreviewDialog({ t, mobile, names, open, onClose }: Props) {
  const { message } = App.useApp();
  const [preview, setPreview] = useState<AllocationPreview | null>(null);
  const [rebalance, setRebalance] = useState(false);
  const [busy, setBusy] = useState(false);

  async function draw(keepCurrent = !rebalance) {
    setBusy(true);
    try {
      setPreview(await call(allocationApi.preview, { body: { keepCurrent } }));
    } catch (err) {
      message.error(failText(err, t));
    } finally {
      setBusy(false);
    }
  }

  async function save() {
    if (!preview) return;
    setBusy(true);
    try {
      await call(allocationApi.apply, {
        body: { seed: preview.seed, keepCurrent: preview.keepCurrent, token: preview.token },
      });
      message.success(t('allocation:applied'));
      setPreview(null);
      onClose(true);
    } catch (err) {
      message.error(failText(err, t));
      if (err instanceof ApiError && err.messageKey === 'allocation:stale') void draw();
    } finally {
      setBusy(false);
    }
  }

  const people = (list: Array<{ name: string }>, color: string) =>
    list.map((r, i) => (
      <Tag key={i} color={color}>
        {r.name}
      </Tag>
    ));
  const p = preview;
  return (
    <Modal
      open={open}
      width={mobile ? '100%' : 900}
      title={t('allocation:ui.previewTitle')}
      afterOpenChange={(visible) => visible && !preview && void draw()}
      onCancel={() => {
        setPreview(null);
        onClose(false);
      }}
      footer={
        <Space wrap>
          <Button onClick={() => void draw()} disabled={busy}>
            {t('allocation:ui.again')}
          </Button>
          <Button type="primary" onClick={save} loading={busy} disabled={!p || (!p.added && !p.removed)}>
            {t('allocation:ui.save')}
          </Button>
        </Space>
      }
    >
      <Space style={{ marginBottom: 12 }}>
        <Switch
          checked={rebalance}
          onChange={(v) => {
            setRebalance(v);
            void draw(!v);
          }}
        />
        <span>{t('allocation:ui.rebalance')}</span>
      </Space>
      {p && (
        <>
          <Typography.Paragraph>
            {t('allocation:ui.summary', { total: p.total, added: p.added, removed: p.removed })}
          </Typography.Paragraph>
          {p.undecided > 0 && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              title={t('allocation:ui.undecided', { n: p.undecided })}
            />
          )}
          {p.shortfalls.length > 0 && (
            <Alert
              type="error"
              style={{ marginBottom: 12 }}
              title={t('allocation:ui.shortfalls')}
              description={
                <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                  {p.shortfalls.map((s) => (
                    <li key={s.paperId}>
                      {s.number} {s.title}: {s.text}
                    </li>
                  ))}
                </ul>
              }
            />
          )}
          <Collapse
            defaultActiveKey={['papers']}
            items={[
              {
                key: 'papers',
                label: `${t('allocation:ui.paper')} (${p.papers.length})`,
                children: p.papers.length ? (
                  <List
                    size="small"
                    dataSource={p.papers}
                    renderItem={(x) => (
                      <List.Item style={{ display: 'block', overflowWrap: 'anywhere' }}>
                        <div>
                          <strong>{x.number}</strong> {x.title}{' '}
                          <Typography.Text type="secondary">{names.session(x.sessionId)}</Typography.Text>
                        </div>
                        <Space size={4} wrap>
                          {people(x.kept, 'default')}
                          {people(x.added, 'green')}
                          {x.removed.map((r, i) => (
                            <Tag key={`r${i}`} color="red" style={{ textDecoration: 'line-through' }}>
                              {r.name}
                            </Tag>
                          ))}
                        </Space>
                      </List.Item>
                    )}
                  />
                ) : (
                  t('allocation:ui.nothing')
                ),
              },
              {
                key: 'loads',
                label: t('allocation:ui.loads'),
                children: p.loads.map((l) => (
                  <div key={l.sessionId} style={{ marginBottom: 8 }}>
                    <strong>{names.session(l.sessionId)}</strong>{' '}
                    <Typography.Text type="secondary">
                      {t('allocation:ui.spread', { max: l.max, min: l.min, d: l.max - l.min })}
                    </Typography.Text>
                    <div>
                      {l.reviewers.map((r) => (
                        <Tag key={r.reviewerId}>
                          {r.name}: {r.load}
                        </Tag>
                      ))}
                    </div>
                  </div>
                )),
              },
            ]}
          />
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            <Tag>{t('allocation:ui.kept')}</Tag>
            <Tag color="green">{t('allocation:ui.added')}</Tag>
            <Tag color="red">{t('allocation:ui.removed')}</Tag>
          </Typography.Paragraph>
        </>
      )}
    </Modal>
  );
}
