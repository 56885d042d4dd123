/**
 * Importing reviewers from the template's sheet: every row is checked by the server; when any is
 * wrong nothing is saved and each bad row is listed with its number, column and problem. The
 * import is a work with progress (issue 30): the upload answers `{ work }`, WorkProgress follows it,
 * and its summary is the outcome (added, or the bad rows); a failed work shows its own message.
 */
import { useState } from 'react';
import { App, Button, Modal, Table, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import {
  IMPORT_COLUMNS,
  isImportRefused,
  REVIEWER_LIMITS,
  reviewerApi,
  type ImportRowError,
  type ImportSummary,
} from '../../server/contract/reviewers';
import { isWorkStarted, type WorkView } from '../../server/contract/work';
import type { Lang } from '../shared/locale';
import { urlOf, type Envelope } from '../shared/api';
import { WorkProgress } from '../shared/work';
import type { T } from './shared';
import { NS } from '../shared/reviewerLabels';

export function ImportDialog({
  t,
  lang,
  open,
  onClose,
  onImported,
}: {
  t: T;
  lang: Lang;
  open: boolean;
  onClose: () => void;
  onImported: () => void;
}) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [rows, setRows] = useState<ImportRowError[]>([]);
  const [work, setWork] = useState<WorkView | null>(null);

  async function send(file: File) {
    // Refused before it is sent: the server would refuse it too.
    if (file.size > REVIEWER_LIMITS.importBytes) return void message.error(t(`${NS}importTooLarge`));
    setBusy(true);
    setRows([]);
    setWork(null);
    try {
      const body = new FormData();
      body.append('file', file);
      const res = await fetch(urlOf(reviewerApi.import), {
        method: 'POST',
        body,
        credentials: 'same-origin',
        headers: { Accept: 'application/json' },
      });
      const answer = (await res.json().catch(() => null)) as Envelope<unknown> | null;
      // Busy until the work finishes (finished() below).
      if (answer && isWorkStarted(answer.data)) return void setWork(answer.data.work);
      setBusy(false);
      message.error(t(answer?.message ?? 'commonMsg.failed', answer?.params));
    } catch {
      setBusy(false);
      message.error(t('commonMsg.failed'));
    }
  }

  /** The work's end: reviewers added, or the sheet refused with its bad rows; a failed work stays on screen with its message. */
  function finished(w: WorkView) {
    setBusy(false);
    if (w.state !== 'done') return;
    setWork(null);
    const summary = w.summary as ImportSummary;
    if (isImportRefused(summary)) {
      setRows(summary.rows);
      return void message.error(t(summary.message, summary.params));
    }
    message.success(t(`${NS}import.done`, { count: summary.added }));
    if (summary.alreadyImported) message.info(t(`${NS}import.alreadyImported`, { count: summary.alreadyImported }));
    onImported();
    onClose();
  }

  const columnLabel = (field: string) =>
    (IMPORT_COLUMNS as readonly string[]).includes(field) ? t(`${NS}import.column.${field}`) : '';
  return (
    <Modal open={open} title={t(`${NS}import.title`)} onCancel={onClose} footer={null} destroyOnHidden width={720}>
      <p className="admin-hint">{t(`${NS}import.hint`)}</p>
      <p>
        <a href={urlOf(reviewerApi.template)} download>
          {t(`${NS}import.template`)}
        </a>
      </p>
      <Upload accept=".xlsx" maxCount={1} showUploadList={false} beforeUpload={(file) => (void send(file), false)}>
        <Button icon={<UploadOutlined />} loading={busy}>
          {t(`${NS}import.choose`)}
        </Button>
      </Upload>
      {work ? (
        <div style={{ marginTop: 16 }}>
          <WorkProgress work={work} lang={lang} onFinished={finished} />
        </div>
      ) : null}
      {rows.length ? (
        <Table
          style={{ marginTop: 16 }}
          size="small"
          rowKey={(r) => `${r.row}-${r.field}`}
          dataSource={rows}
          pagination={false}
          scroll={{ y: 320 }}
          columns={[
            { title: t(`${NS}import.row`), dataIndex: 'row', width: 70 },
            { title: t(`${NS}import.field`), dataIndex: 'field', width: 160, render: (f: string) => columnLabel(f) },
            { title: t(`${NS}import.problem`), dataIndex: 'message', render: (m: string) => t(m) },
          ]}
        />
      ) : null}
    </Modal>
  );
}
