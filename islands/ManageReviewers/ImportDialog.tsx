/**
 * Importing reviewers from the template's sheet: every row is checked by the server; when any is
 * wrong nothing is saved and each bad row is listed with its number, column and problem.
 */
import { useState } from 'react';
import { App, Button, Modal, Table, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { IMPORT_COLUMNS, reviewerApi, type ImportResult, type ImportRowError } from '../../server/contract/reviewers';
import { urlOf, type Envelope } from '../shared/api';
import { NS, type T } from './shared';

export function ImportDialog({ t, open, onClose, onImported }: { t: T; open: boolean; onClose: () => void; onImported: () => void }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [rows, setRows] = useState<ImportRowError[]>([]);

  async function send(file: File) {
    setBusy(true);
    setRows([]);
    try {
      const body = new FormData();
      body.append('file', file);
      const res = await fetch(urlOf(reviewerApi.import), { method: 'POST', body, credentials: 'same-origin', headers: { Accept: 'application/json' } });
      const answer = (await res.json().catch(() => null)) as Envelope<ImportResult | { rows: ImportRowError[] } | null> | null;
      if (answer?.code === 200) {
        message.success(t(`${NS}import.done`, { count: (answer.data as ImportResult).added }));
        onImported();
        onClose();
        return;
      }
      const bad = (answer?.data as { rows?: ImportRowError[] } | null)?.rows;
      if (bad) setRows(bad);
      message.error(t(answer?.message ?? 'commonMsg.failed', answer?.params));
    } catch {
      message.error(t('commonMsg.failed'));
    } finally {
      setBusy(false);
    }
  }

  const columnLabel = (field: string) => ((IMPORT_COLUMNS as readonly string[]).includes(field) ? t(`${NS}import.column.${field}`) : '');
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
