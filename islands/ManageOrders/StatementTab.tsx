/**
 * Statement import: a bank's CSV export, read in the browser as UTF-8 text; the manager maps its
 * columns (the header row fills the selects, the last mapping pre-fills them) and the server
 * confirms the transfers whose text names an order's reference, queueing the rest. The import is
 * a work with progress (issue 30): the answer is `{ work }`, followed by WorkProgress until its
 * summary (the outcome per row) arrives; a failure is shown by WorkProgress itself.
 */
import { useState } from 'react';
import { Alert, App, Button, Form, Input, Select, Space, Table, Tag, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { ordersApi, STATEMENT_MAX_BYTES, type StatementMapping, type StatementResult } from '../../server/contract/orders';
import type { WorkView } from '../../server/contract/work';
import type { Lang } from '../shared/locale';
import { call, ApiError } from '../shared/api';
import { errorText, type T } from '../shared/orders';
import { WorkProgress } from '../shared/work';
import { csvHeader, preset } from './csv';

type Values = { date: string; amount: string; text: string; currency?: string; payer?: string; rowCurrency: string };
const MAX_CHARS = 2_000_000;
const OUTCOME_COLORS = { confirmed: 'green', duplicate: 'default', queued: 'orange', skipped: 'default' } as const;

/** The file's text, decoded as UTF-8 (a byte that is not UTF-8 becomes U+FFFD, which is refused). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file, 'UTF-8');
  });
}

export function StatementTab({ mapping, t, lang, mobile, onImported }: { mapping: StatementMapping | null; t: T; lang: Lang; mobile: boolean; onImported: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [file, setFile] = useState<{ name: string; csv: string; header: string[] } | null>(null);
  const [result, setResult] = useState<StatementResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [work, setWork] = useState<WorkView | null>(null);

  async function choose(f: File) {
    setResult(null);
    setWork(null);
    // Refused before it is read: the server would refuse it too (orders:csvTooLarge).
    if (f.size > STATEMENT_MAX_BYTES) return void message.error(t('orders:csvTooLarge'));
    try {
      const csv = await readText(f);
      if (csv.length > MAX_CHARS) return void message.error(t('orders:csvTooLarge'));
      if (csv.includes('\uFFFD')) return void message.error(t('orders:manage.csvNotUtf8'));
      const header = csvHeader(csv);
      if (!header.length) return void message.error(t('orders:manage.csvEmpty'));
      setFile({ name: f.name, csv, header });
      form.setFieldsValue({ date: preset(header, mapping?.date), amount: preset(header, mapping?.amount), text: preset(header, mapping?.text), currency: preset(header, mapping?.currency), payer: preset(header, mapping?.payer) });
    } catch {
      message.error(t('orders:manage.csvNotUtf8'));
    }
  }

  async function submit(v: Values) {
    if (!file) return void message.warning(t('orders:csvRequired'));
    setBusy(true);
    setResult(null);
    setWork(null);
    try {
      const body = { csv: file.csv, mapping: { date: v.date, amount: v.amount, text: v.text, ...(v.currency ? { currency: v.currency } : {}), ...(v.payer ? { payer: v.payer } : {}) }, currency: v.rowCurrency.trim().toUpperCase() };
      // Busy until the work finishes (finished() below).
      setWork((await call(ordersApi.importStatement, { body })).work);
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && err.field === 'currency') form.setFields([{ name: 'rowCurrency', errors: [errorText(err, t)] }]);
      else message.error(errorText(err, t));
    }
  }

  /** The work's end: its summary is the outcome per row; a failed work stays on screen with its message. */
  function finished(w: WorkView) {
    setBusy(false);
    if (w.state !== 'done') return;
    setWork(null);
    setResult(w.summary as StatementResult);
    message.success(t('orders:imported'));
    onImported();
  }

  const options = (file?.header ?? []).map((h) => ({ value: h, label: h }));
  const column = (name: keyof Values, label: string, required: boolean) => (
    <Form.Item name={name} label={t(label)} rules={required ? [{ required: true, message: t('orders:mappingRequired') }] : []} style={{ minWidth: mobile ? undefined : 200 }}>
      <Select allowClear={!required} options={options} disabled={!file} showSearch />
    </Form.Item>
  );

  return (
    <div className="manage-orders-statement">
      <Form form={form} layout="vertical" name="statementImport" onFinish={submit} initialValues={{ rowCurrency: 'CNY' }} style={{ maxWidth: 720 }}>
        <Form.Item label={t('orders:manage.csvFile')}>
          <Upload accept=".csv,text/csv" maxCount={1} showUploadList={false} beforeUpload={(f) => { void choose(f); return false; }}>
            <Button icon={<UploadOutlined />}>{t('orders:manage.chooseFile')}</Button>
          </Upload>
          {file ? <span style={{ marginLeft: 8, wordBreak: 'break-all' }}>{file.name}</span> : null}
        </Form.Item>
        <div style={{ display: 'grid', gridTemplateColumns: mobile ? '1fr' : '1fr 1fr', columnGap: 16 }}>
          {column('date', 'orders:manage.colDate', true)}
          {column('amount', 'orders:manage.colAmount', true)}
          {column('text', 'orders:manage.colText', true)}
          {column('payer', 'orders:manage.colPayer', false)}
          {column('currency', 'orders:manage.colCurrency', false)}
          <Form.Item name="rowCurrency" label={t('orders:manage.currency')} extra={t('orders:manage.currencyHint')} rules={[{ pattern: /^[A-Za-z]{3}$/, message: t('money.currency') }]}>
            <Input maxLength={3} style={{ textTransform: 'uppercase', width: 100 }} />
          </Form.Item>
        </div>
        <Button type="primary" htmlType="submit" loading={busy} disabled={!file} block={mobile}>{t('orders:manage.import')}</Button>
      </Form>
      {work ? (
        <div style={{ maxWidth: 720, marginTop: 20 }}>
          <WorkProgress work={work} lang={lang} onFinished={finished} />
        </div>
      ) : null}
      {result ? (
        <Space orientation="vertical" style={{ width: '100%', marginTop: 20 }}>
          <Alert type="success" showIcon title={t('orders:manage.resultSummary', { rows: result.rows, confirmed: result.confirmed, duplicate: result.duplicate, queued: result.queued, skipped: result.skipped ?? 0 })} />
          <Table
            rowKey="line"
            size="small"
            dataSource={result.outcomes}
            scroll={{ x: 640 }}
            pagination={{ pageSize: 50, hideOnSinglePage: true, simple: mobile }}
            columns={[
              { title: t('orders:manage.line'), dataIndex: 'line', key: 'line', width: 70 },
              { title: t('orders:manage.outcome'), key: 'outcome', width: 120, render: (_, o) => <Tag color={OUTCOME_COLORS[o.outcome]}>{t(`orders:manage.outcomes.${o.outcome}`)}</Tag> },
              { title: t('orders:manage.orderNos'), key: 'orders', width: 200, render: (_, o) => o.orderNos.join(', ') },
              { title: t('orders:manage.reason'), key: 'reason', render: (_, o) => t(`orders:reason.${o.reason}`) },
            ]}
          />
        </Space>
      ) : null}
    </div>
  );
}
