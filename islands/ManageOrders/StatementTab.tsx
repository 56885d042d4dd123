/**
 * Statement import: the file a bank exports (CSV in any encoding banks use, GBK included, or an
 * Excel .xlsx or the old .xls), sent as it is; the server finds its encoding, format and header row and answers
 * its columns (previewStatement), so the manager never chooses an encoding. The manager maps the
 * columns (the last mapping pre-fills them) and the server confirms the transfers whose text names
 * an order's reference, queueing the rest. The import is a work with progress (issue 30): the
 * answer is `{ work }`, followed by WorkProgress until its summary (the outcome of every row,
 * skipped ones included) arrives; a failure is shown by WorkProgress itself.
 */
import { useState } from 'react';
import { Alert, App, Button, Form, Input, Select, Space, Tag, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import {
  ordersApi,
  STATEMENT_MAX_BYTES,
  type StatementMapping,
  type StatementPreview,
  type StatementResult,
} from '../../server/contract/orders';
import type { WorkView } from '../../server/contract/work';
import type { Lang } from '../shared/locale';
import { call, ApiError } from '../shared/api';
import { errorText, type T } from '../shared/orderText';
import { WorkProgress } from '../shared/work';
import { ManageTable } from '../shared/ManageTable';
import { preset } from './csv';

type Values = { date: string; amount: string; text: string; currency?: string; payer?: string; rowCurrency: string };
const OUTCOME_COLORS = { confirmed: 'green', duplicate: 'default', queued: 'orange', skipped: 'default' } as const;
const ROWS_PER_PAGE = 50;
type Outcome = StatementResult['outcomes'][number];

/** The file's bytes as base64, in slices (a 2 MB file in one String.fromCharCode call would overflow the stack). */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function StatementTab({
  mapping,
  t,
  lang,
  mobile,
  onImported,
}: {
  mapping: StatementMapping | null;
  t: T;
  lang: Lang;
  mobile: boolean;
  onImported: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [file, setFile] = useState<{ name: string; data: string; preview: StatementPreview } | null>(null);
  const [result, setResult] = useState<StatementResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [work, setWork] = useState<WorkView | null>(null);
  const [page, setPage] = useState(1);

  async function choose(f: File) {
    setResult(null);
    setWork(null);
    setFile(null);
    // Refused before it is read: the server would refuse it too (orders:csvTooLarge).
    if (f.size > STATEMENT_MAX_BYTES) return void message.error(t('orders:csvTooLarge'));
    try {
      const data = await base64Of(f);
      const preview = await call(ordersApi.previewStatement, { body: { file: data } });
      const header = preview.header;
      setFile({ name: f.name, data, preview });
      form.setFieldsValue({
        date: preset(header, mapping?.date),
        amount: preset(header, mapping?.amount),
        text: preset(header, mapping?.text),
        currency: preset(header, mapping?.currency),
        payer: preset(header, mapping?.payer),
      });
    } catch (err) {
      message.error(errorText(err, t));
    }
  }

  async function submit(v: Values) {
    if (!file) return void message.warning(t('orders:csvRequired'));
    setBusy(true);
    setResult(null);
    setWork(null);
    try {
      const body = {
        file: file.data,
        mapping: {
          date: v.date,
          amount: v.amount,
          text: v.text,
          ...(v.currency ? { currency: v.currency } : {}),
          ...(v.payer ? { payer: v.payer } : {}),
        },
        currency: v.rowCurrency.trim().toUpperCase(),
      };
      // Busy until the work finishes (finished() below).
      setWork((await call(ordersApi.importStatement, { body })).work);
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && err.field === 'currency')
        form.setFields([{ name: 'rowCurrency', errors: [errorText(err, t)] }]);
      else message.error(errorText(err, t));
    }
  }

  /** The work's end: its summary is the outcome per row; a failed work stays on screen with its message. */
  function finished(w: WorkView) {
    setBusy(false);
    if (w.state !== 'done') return;
    setWork(null);
    setPage(1);
    setResult(w.summary as StatementResult);
    message.success(t('orders:imported'));
    onImported();
  }

  const options = (file?.preview.header ?? []).map((h) => ({ value: h, label: h }));
  const column = (name: keyof Values, label: string, required: boolean) => (
    <Form.Item
      name={name}
      label={t(label)}
      rules={required ? [{ required: true, message: t('orders:mappingRequired') }] : []}
      style={{ minWidth: mobile ? undefined : 200 }}
    >
      <Select allowClear={!required} options={options} disabled={!file} showSearch />
    </Form.Item>
  );

  return (
    <div className="manage-orders-statement">
      <Form
        form={form}
        layout="vertical"
        name="statementImport"
        onFinish={submit}
        initialValues={{ rowCurrency: 'CNY' }}
        style={{ maxWidth: 720 }}
      >
        <Form.Item label={t('orders:manage.csvFile')}>
          <Upload
            accept=".csv,.txt,.xlsx,.xls,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel"
            maxCount={1}
            showUploadList={false}
            beforeUpload={(f) => {
              void choose(f);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />}>{t('orders:manage.chooseFile')}</Button>
          </Upload>
          {file ? <span style={{ marginLeft: 8, wordBreak: 'break-all' }}>{file.name}</span> : null}
          {file ? (
            <Typography.Paragraph type="secondary" className="statement-read-as" style={{ margin: '4px 0 0' }}>
              {t('orders:manage.readAs', {
                format: t(`orders:manage.formats.${file.preview.format}`),
                encoding: t(`orders:manage.encodings.${file.preview.encoding}`),
                rows: file.preview.rows,
              })}
            </Typography.Paragraph>
          ) : null}
        </Form.Item>
        <div style={{ display: 'grid', gridTemplateColumns: mobile ? '1fr' : '1fr 1fr', columnGap: 16 }}>
          {column('date', 'orders:manage.colDate', true)}
          {column('amount', 'orders:manage.colAmount', true)}
          {column('text', 'orders:manage.colText', true)}
          {column('payer', 'orders:manage.colPayer', false)}
          {column('currency', 'orders:manage.colCurrency', false)}
          <Form.Item
            name="rowCurrency"
            label={t('orders:manage.currency')}
            extra={t('orders:manage.currencyHint')}
            rules={[{ pattern: /^[A-Za-z]{3}$/, message: t('money.currency') }]}
          >
            <Input maxLength={3} style={{ textTransform: 'uppercase', width: 100 }} />
          </Form.Item>
        </div>
        <Button type="primary" htmlType="submit" loading={busy} disabled={!file} block={mobile}>
          {t('orders:manage.import')}
        </Button>
      </Form>
      {work ? (
        <div style={{ maxWidth: 720, marginTop: 20 }}>
          <WorkProgress work={work} lang={lang} onFinished={finished} />
        </div>
      ) : null}
      {result ? (
        <Space orientation="vertical" style={{ width: '100%', marginTop: 20 }}>
          <Alert
            type="success"
            showIcon
            title={t('orders:manage.resultSummary', {
              rows: result.rows,
              confirmed: result.confirmed,
              duplicate: result.duplicate,
              queued: result.queued,
              skipped: result.skipped ?? 0,
            })}
          />
          {/* A card per row on a phone (ManageTable): a table there scrolled sideways, out of a keyboard's reach. */}
          <ManageTable<Outcome>
            mobile={mobile}
            size="small"
            rowKey={(o) => o.line}
            rows={result.outcomes.slice((page - 1) * ROWS_PER_PAGE, page * ROWS_PER_PAGE)}
            pagination={{
              current: page,
              pageSize: ROWS_PER_PAGE,
              total: result.outcomes.length,
              onChange: setPage,
              hideOnSinglePage: true,
            }}
            columns={[
              { key: 'line', title: t('orders:manage.line'), render: (o) => o.line },
              {
                key: 'outcome',
                title: t('orders:manage.outcome'),
                minWidth: 110,
                primary: true,
                render: (o) => <Tag color={OUTCOME_COLORS[o.outcome]}>{t(`orders:manage.outcomes.${o.outcome}`)}</Tag>,
              },
              {
                key: 'orders',
                title: t('orders:manage.orderNos'),
                minWidth: 180,
                render: (o) => o.orderNos.join(', '),
              },
              {
                key: 'reason',
                title: t('orders:manage.reason'),
                minWidth: 160,
                render: (o) => t(`orders:reason.${o.reason}`),
              },
            ]}
          />
        </Space>
      ) : null}
    </div>
  );
}
