/** The versions of a page or template: list (version, time, author), compare with the current content, restore. */
import { useEffect, useState } from 'react';
import { App, Button, Drawer, Empty, List, Modal, Popconfirm, Space, Spin, Tabs, Typography } from 'antd';
import { call, ApiError } from '../shared/api';
import {
  pagesApi,
  type DiffLine,
  type PageDetail,
  type PageVersionDetail,
  type PageVersionItem,
} from '../../server/contract/pages';
import { formatTime } from '../shared/pageFormat';

type Props = {
  open: boolean;
  mobile: boolean;
  pageId: number;
  /** changes after each save, so the list is read again */
  revision: string;
  timeZone: string;
  t(key: string, options?: Record<string, unknown>): string;
  onClose(): void;
  onRestored(page: PageDetail, version: number): void;
};

const COLORS: Record<DiffLine['op'], { background: string; color: string; mark: string }> = {
  '=': { background: 'transparent', color: '#374151', mark: ' ' },
  '-': { background: '#fee2e2', color: '#991b1b', mark: '−' },
  '+': { background: '#dcfce7', color: '#166534', mark: '+' },
};

function DiffView({ lines, empty }: { lines: DiffLine[]; empty: string }) {
  if (!lines.some((l) => l.op !== '=')) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  return (
    <pre
      className="page-diff"
      style={{
        margin: 0,
        maxHeight: '60vh',
        overflow: 'auto',
        font: '12px/1.55 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
        border: '1px solid #e5e7eb',
        borderRadius: 8,
      }}
    >
      {lines.map((line, i) => (
        <div
          key={i}
          className={`diff-${line.op === '+' ? 'add' : line.op === '-' ? 'del' : 'same'}`}
          style={{
            background: COLORS[line.op].background,
            color: COLORS[line.op].color,
            padding: '0 10px',
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-all',
          }}
        >
          <span aria-hidden="true" style={{ display: 'inline-block', width: 16, userSelect: 'none' }}>
            {COLORS[line.op].mark}
          </span>
          {line.text || ' '}
        </div>
      ))}
    </pre>
  );
}

export function Versions({ open, mobile, pageId, revision, timeZone, t, onClose, onRestored }: Props) {
  const { message } = App.useApp();
  const [items, setItems] = useState<PageVersionItem[] | null>(null);
  const [loadedFor, setLoadedFor] = useState('');
  const [compare, setCompare] = useState<PageVersionDetail | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const failed = (err: unknown, fallback: string) =>
    t(err instanceof ApiError && err.messageKey !== 'commonMsg.serverError' ? err.messageKey : fallback);

  useEffect(() => {
    if (!open || loadedFor === revision) return;
    setLoadedFor(revision);
    setItems(null);
    call(pagesApi.versions, { params: { id: pageId } })
      .then(setItems)
      .catch((err) => {
        setItems([]);
        message.error(failed(err, 'managePages:versions.loadFailed'));
      });
  }, [open, revision]); // reloaded when opened after a save

  async function showDiff(version: number) {
    setBusy(version);
    try {
      setCompare(await call(pagesApi.version, { params: { id: pageId, version } }));
    } catch (err) {
      message.error(failed(err, 'managePages:versions.loadFailed'));
    } finally {
      setBusy(null);
    }
  }

  async function restore(version: number) {
    setBusy(version);
    try {
      const page = await call(pagesApi.restore, { params: { id: pageId, version } });
      onRestored(page, version);
    } catch (err) {
      message.error(failed(err, 'managePages:failed'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <Drawer
        rootClassName="page-versions-drawer"
        open={open}
        onClose={onClose}
        title={t('managePages:versions.title')}
        size={mobile ? '100%' : 460}
      >
        {items === null ? (
          <Spin />
        ) : items.length === 0 ? (
          <Empty description={t('managePages:versions.empty')} />
        ) : (
          <List
            dataSource={items}
            renderItem={(v) => (
              <List.Item
                actions={[
                  <Button key="cmp" size="small" loading={busy === v.version} onClick={() => showDiff(v.version)}>
                    {t('managePages:versions.compare')}
                  </Button>,
                  <Popconfirm
                    key="restore"
                    title={t('managePages:versions.confirmRestore', { version: v.version })}
                    onConfirm={() => restore(v.version)}
                    okText={t('managePages:versions.restore')}
                    cancelText={t('managePages:cancel')}
                  >
                    <Button size="small" type="primary" ghost>
                      {t('managePages:versions.restore')}
                    </Button>
                  </Popconfirm>,
                ]}
              >
                <List.Item.Meta
                  title={
                    <Space size={8}>
                      <span>{t('managePages:versions.version', { version: v.version })}</span>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {v.name}
                      </Typography.Text>
                    </Space>
                  }
                  description={`${formatTime(v.createdAt, timeZone)} · ${v.author || t('managePages:versions.system')}`}
                />
              </List.Item>
            )}
          />
        )}
      </Drawer>
      <Modal
        open={compare !== null}
        onCancel={() => setCompare(null)}
        title={compare ? t('managePages:versions.compareTitle', { version: compare.version }) : ''}
        width={mobile ? '100%' : 900}
        footer={[
          <Button key="close" onClick={() => setCompare(null)}>
            {t('managePages:close')}
          </Button>,
          compare ? (
            <Popconfirm
              key="restore"
              title={t('managePages:versions.confirmRestore', { version: compare.version })}
              onConfirm={async () => {
                const version = compare.version;
                setCompare(null);
                await restore(version);
              }}
              okText={t('managePages:versions.restore')}
              cancelText={t('managePages:cancel')}
            >
              <Button type="primary">{t('managePages:versions.restore')}</Button>
            </Popconfirm>
          ) : null,
        ]}
      >
        {compare ? (
          <>
            <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
              {t('managePages:versions.legend')}
            </Typography.Paragraph>
            <Tabs
              items={[
                {
                  key: 'html',
                  label: 'HTML',
                  children: <DiffView lines={compare.diff.html} empty={t('managePages:versions.noChanges')} />,
                },
                {
                  key: 'css',
                  label: 'CSS',
                  children: <DiffView lines={compare.diff.css} empty={t('managePages:versions.noChanges')} />,
                },
              ]}
            />
          </>
        ) : null}
      </Modal>
    </>
  );
}
