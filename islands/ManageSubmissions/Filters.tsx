/**
 * The list's filters (session or sub-session, report type, category, status, keyword, author):
 * the form, and the filter it sends, which the downloads of "(All)" reuse. Limits mirror the
 * contract's `manageQuery`.
 */
import { Button, Checkbox, Form, Input, Select, Space, type FormInstance } from 'antd';
import { SUBMISSION_STATUSES, type ManageFilter, type SubmissionStatus } from '../../server/contract/submissions';
import type { T } from '../shared/orderText';
import type { Names } from '../shared/submissionLabels';

export type FilterValues = {
  sessionId?: number;
  reportTypeId?: number;
  categoryId?: number;
  status?: SubmissionStatus;
  keyword?: string;
  author?: string;
  from?: string;
  to?: string;
  active?: boolean;
};

export const FILTER_FIELDS = [
  'sessionId',
  'reportTypeId',
  'categoryId',
  'status',
  'keyword',
  'author',
  'from',
  'to',
  'active',
] as const;

/** Only the filters given, the texts trimmed. */
export function filtersOf(v: FilterValues): ManageFilter {
  const out: ManageFilter = {};
  if (v.sessionId) out.sessionId = v.sessionId;
  if (v.reportTypeId) out.reportTypeId = v.reportTypeId;
  if (v.categoryId) out.categoryId = v.categoryId;
  if (v.status) out.status = v.status;
  if (v.keyword?.trim()) out.keyword = v.keyword.trim();
  if (v.author?.trim()) out.author = v.author.trim();
  if (v.from) out.from = v.from;
  if (v.to) out.to = v.to;
  if (v.active) out.active = '1';
  return out;
}

/** The form's values of a filter (the address's, issue 33). */
export function valuesOf(f: ManageFilter): FilterValues {
  return {
    sessionId: f.sessionId,
    reportTypeId: f.reportTypeId,
    categoryId: f.categoryId,
    status: f.status,
    keyword: f.keyword,
    author: f.author,
    from: f.from,
    to: f.to,
    active: f.active === '1',
  };
}

type Props = {
  form: FormInstance<FilterValues>;
  mobile: boolean;
  t: T;
  names: Names;
  loading: boolean;
  onSearch: (f: ManageFilter) => void;
  onReset: () => void;
  initial?: ManageFilter;
};

const TEXT_MAX = 200;

export function Filters({ form, mobile, t, names, loading, onSearch, onReset, initial = {} }: Props) {
  const wide = (min: number) => (mobile ? { width: '100%' } : { minWidth: min });
  return (
    <Form
      form={form}
      layout={mobile ? 'vertical' : 'inline'}
      name="submissionFilters"
      initialValues={valuesOf(initial)}
      onFinish={(v: FilterValues) => onSearch(filtersOf(v))}
      className="admin-add"
      style={{ rowGap: 8 }}
    >
      <Form.Item name="sessionId" label={t('submitManage:filter.session')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={wide(200)}
          options={names.sessionOptions}
          placeholder={t('submitManage:filter.any')}
        />
      </Form.Item>
      {names.hasReportTypes && (
        <Form.Item name="reportTypeId" label={t('submitManage:filter.reportType')}>
          <Select
            allowClear
            style={wide(140)}
            options={names.reportTypeOptions}
            placeholder={t('submitManage:filter.any')}
          />
        </Form.Item>
      )}
      {names.hasCategories && (
        <Form.Item name="categoryId" label={t('submitManage:filter.category')}>
          <Select
            allowClear
            style={wide(140)}
            options={names.categoryOptions}
            placeholder={t('submitManage:filter.any')}
          />
        </Form.Item>
      )}
      <Form.Item name="status" label={t('submitManage:filter.status')}>
        <Select
          allowClear
          style={wide(150)}
          options={SUBMISSION_STATUSES.map((s) => ({ value: s, label: t(`submissions:status.${s}`) }))}
          placeholder={t('submitManage:filter.any')}
        />
      </Form.Item>
      <Form.Item name="keyword" label={t('submitManage:filter.keyword')}>
        <Input
          allowClear
          maxLength={TEXT_MAX}
          placeholder={t('submitManage:filter.keywordHint')}
          style={mobile ? undefined : { width: 220 }}
        />
      </Form.Item>
      <Form.Item name="author" label={t('submitManage:filter.author')}>
        <Input
          allowClear
          maxLength={TEXT_MAX}
          placeholder={t('submitManage:filter.authorHint')}
          style={mobile ? undefined : { width: 220 }}
        />
      </Form.Item>
      <Form.Item name="from" label={t('submitManage:filter.from')}>
        <Input type="date" />
      </Form.Item>
      <Form.Item name="to" label={t('submitManage:filter.to')}>
        <Input type="date" />
      </Form.Item>
      <Form.Item name="active" valuePropName="checked">
        <Checkbox>{t('submitManage:filter.active')}</Checkbox>
      </Form.Item>
      <Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={loading}>
            {t('submitManage:filter.search')}
          </Button>
          <Button
            onClick={() => {
              form.setFieldsValue(valuesOf({}));
              onReset();
            }}
          >
            {t('submitManage:filter.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
