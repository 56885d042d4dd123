/**
 * Submission management (spec 2.12 manage/contribute, also submissionManage/index): the
 * manuscripts with their filters, selection and downloads, and the book of abstracts.
 */
import { useMemo, useState } from 'react';
import { App, Button, Form, Space, Typography } from 'antd';
import { submissionsApi } from '../../server/contract/submissionsApi';
import { type ManageFilter } from '../../server/contract/submissions';
import { AntdRoot } from '../shared/AntdRoot';
import { showInAddress } from '../shared/address';
import { ApiError, call } from '../shared/api';
import { translator } from '../shared/i18n';
import { BookPanel } from './BookPanel';
import { Downloads } from './Downloads';
import { FILTER_FIELDS, Filters, type FilterValues } from './Filters';
import { namesOf } from '../shared/submissionLabels';
import { PAGE_SIZE, SubmissionList } from './SubmissionList';
import { failText } from '../shared/submissionErrors';
import type { ManageSubmissionsProps } from './props';

const isFilterField = (f: string | undefined): f is (typeof FILTER_FIELDS)[number] =>
  (FILTER_FIELDS as readonly string[]).includes(f ?? '');

function Submissions({ lang, mobile, choices, first, book: firstBook, filter: given = {} }: ManageSubmissionsProps) {
  const t = translator(lang);
  const { message } = App.useApp();
  const [form] = Form.useForm<FilterValues>();
  const names = useMemo(() => namesOf(choices, lang), [choices, lang]);
  const [data, setData] = useState(first);
  const [filter, setFilter] = useState<ManageFilter>(given);
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [book, setBook] = useState(firstBook);

  async function load(next: ManageFilter, at: number) {
    setLoading(true);
    try {
      setData(await call(submissionsApi.list, { query: { ...next, page: at, size: PAGE_SIZE } }));
      // A new search starts a new selection: ids chosen under other filters would be downloaded unseen.
      if (next !== filter) setSelected([]);
      setFilter(next);
      setPage(at);
      form.setFields(FILTER_FIELDS.map((name) => ({ name, errors: [] })));
    } catch (err) {
      if (err instanceof ApiError && isFilterField(err.field))
        form.setFields([{ name: err.field, errors: [failText(err, t)] }]);
      else message.error(failText(err, t));
    } finally {
      setLoading(false);
    }
  }

  const refreshBook = () => void call(submissionsApi.book).then(setBook, () => undefined);

  return (
    <div className="manage-submissions">
      <Filters
        form={form}
        mobile={mobile}
        t={t}
        names={names}
        loading={loading}
        initial={given}
        onSearch={(f) => {
          showInAddress(f);
          void load(f, 1);
        }}
        onReset={() => {
          showInAddress({});
          void load({}, 1);
        }}
      />
      <Space
        wrap
        style={{ margin: '12px 0', width: mobile ? '100%' : undefined }}
        orientation={mobile ? 'vertical' : 'horizontal'}
      >
        <Downloads t={t} mobile={mobile} selected={selected} filter={filter} afterBook={refreshBook} />
        <Typography.Text type="secondary">
          {t('submitManage:list.total', { n: data.total })}
          {selected.length ? ` · ${t('submitManage:list.selected', { n: selected.length })}` : ''}
        </Typography.Text>
        {selected.length > 0 && (
          <Button type="link" size="small" onClick={() => setSelected([])} style={{ paddingInline: 0 }}>
            {t('submitManage:list.clearSelection')}
          </Button>
        )}
      </Space>
      <SubmissionList
        lang={lang}
        mobile={mobile}
        t={t}
        names={names}
        rows={data.rows}
        total={data.total}
        page={page}
        loading={loading}
        selected={selected}
        onSelect={setSelected}
        onPage={(p) => load(filter, p)}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t('submitManage:list.correspondingNote')}
      </Typography.Paragraph>
      <BookPanel lang={lang} t={t} book={book} onBook={setBook} />
    </div>
  );
}

export default function ManageSubmissions(props: ManageSubmissionsProps) {
  return (
    <AntdRoot lang={props.lang}>
      <Submissions {...props} />
    </AntdRoot>
  );
}
