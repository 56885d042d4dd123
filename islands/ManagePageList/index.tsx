/** Management: the list of pages or of templates (spec 2.12 config/page/list, config/template/list). */
import { useRef, useState } from 'react';
import { App, Button, Input, List, Pagination, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { AntdRoot } from '../shared/AntdRoot';
import { call, ApiError } from '../shared/api';
import { translator } from '../shared/i18n';
import { pagesApi, type PageListItem, type TemplateKind } from '../../server/contract/pages';
import { formatTime, SECTION } from '../shared/pageFormat';
import { PAGE_SCREENS_CSS } from '../shared/pageScreensCss';
import type { ManagePageListProps } from './props';

type Filters = {
  name: string;
  lang?: 'zh' | 'en';
  isMobile?: '0' | '1';
  templateKind?: TemplateKind;
  exteriorId?: number;
};
const SIZE = 20;

function PageList({ lang, mobile, type, timeZone, initial, exteriors }: ManagePageListProps) {
  const t = translator(lang);
  const { message } = App.useApp();
  const [data, setData] = useState(initial);
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<Filters>({ name: '' });
  const [loading, setLoading] = useState(false);
  const seq = useRef(0);
  const base = SECTION[type];

  async function load(nextPage: number, nextFilters: Filters) {
    const mine = ++seq.current;
    setLoading(true);
    try {
      // Empty filters are left out of the query.
      const { name, lang, isMobile, templateKind, exteriorId } = nextFilters;
      const result = await call(pagesApi.list, {
        query: {
          type,
          page: nextPage,
          size: SIZE,
          name: name.trim(),
          lang,
          isMobile,
          templateKind,
          exteriorId: exteriorId || undefined,
        },
      });
      if (mine !== seq.current) return;
      setData(result);
      setPage(nextPage);
      setFilters(nextFilters);
    } catch (err) {
      message.error(
        t(
          err instanceof ApiError && err.messageKey !== 'commonMsg.serverError'
            ? err.messageKey
            : 'managePages:list.searchFailed',
        ),
      );
    } finally {
      if (mine === seq.current) setLoading(false);
    }
  }
  const filter = (patch: Partial<Filters>) => load(1, { ...filters, ...patch });

  async function remove(item: PageListItem) {
    try {
      await call(pagesApi.remove, { params: { id: item.id } });
      message.success(t('managePages:deleted'));
      const lastOnPage = data.rows.length === 1 && page > 1;
      await load(lastOnPage ? page - 1 : page, filters);
    } catch (err) {
      message.error(t(err instanceof ApiError ? err.messageKey : 'managePages:failed'));
    }
  }

  const kindLabel = (p: PageListItem) =>
    p.type === 'PAGE' ? t('managePages:type.PAGE') : t(`managePages:kind.${p.templateKind ?? 'page'}`);
  const tags = (p: PageListItem) => (
    <Space size={4} wrap>
      {type === 'TEMPLATE' ? <Tag color={p.templateKind === 'common' ? 'purple' : 'blue'}>{kindLabel(p)}</Tag> : null}
      {p.lang ? <Tag>{t(`managePages:lang.${p.lang}`)}</Tag> : null}
      <Tag color={p.isMobile ? 'orange' : undefined}>
        {t(p.isMobile ? 'managePages:device.mobile' : 'managePages:device.pc')}
      </Tag>
      {p.defaultFor ? <Tag color="green">{t(`managePages:defaultFor.${p.defaultFor}`)}</Tag> : null}
      {p.needToLogin ? <Tag color="red">{t('managePages:needLogin')}</Tag> : null}
    </Space>
  );
  const actions = (p: PageListItem) => [
    <a key="edit" href={`${base}/edit/${p.id}`}>
      {t('managePages:action.edit')}
    </a>,
    ...(p.type === 'PAGE'
      ? [
          <a key="view" href={`/page/${p.id}`} target="_blank" rel="noopener">
            {t('managePages:action.view')}
          </a>,
        ]
      : []),
    <Popconfirm
      key="del"
      title={t('managePages:confirmDelete', { name: p.name })}
      onConfirm={() => remove(p)}
      okText={t('managePages:action.delete')}
      cancelText={t('managePages:cancel')}
      okButtonProps={{ danger: true }}
    >
      <a className="danger-link">{t('managePages:action.delete')}</a>
    </Popconfirm>,
  ];

  const allExteriors = [
    { value: 0, label: t('managePages:filter.allExteriors') },
    ...exteriors.map((e) => ({ value: e.id, label: e.name })),
  ];
  const toolbar = (
    <div className="pages-toolbar">
      <div className="pages-filters">
        <Input.Search
          allowClear
          placeholder={t('managePages:list.search')}
          aria-label={t('managePages:list.search')}
          defaultValue=""
          onSearch={(name) => filter({ name })}
          maxLength={100}
          className="pages-search"
        />
        {type === 'PAGE' ? (
          <>
            <Select<'' | 'zh' | 'en'>
              aria-label={t('managePages:col.lang')}
              value={filters.lang ?? ''}
              onChange={(v) => filter({ lang: v || undefined })}
              options={[
                { value: '', label: t('managePages:filter.allLangs') },
                { value: 'zh', label: t('managePages:lang.zh') },
                { value: 'en', label: t('managePages:lang.en') },
              ]}
              className="pages-filter"
            />
            <Select<'' | '0' | '1'>
              aria-label={t('managePages:col.device')}
              value={filters.isMobile ?? ''}
              onChange={(v) => filter({ isMobile: v || undefined })}
              options={[
                { value: '', label: t('managePages:filter.allDevices') },
                { value: '0', label: t('managePages:device.pc') },
                { value: '1', label: t('managePages:device.mobile') },
              ]}
              className="pages-filter"
            />
          </>
        ) : (
          <Select<'' | TemplateKind>
            aria-label={t('managePages:col.type')}
            value={filters.templateKind ?? ''}
            onChange={(v) => filter({ templateKind: v || undefined })}
            options={[
              { value: '', label: t('managePages:filter.allKinds') },
              { value: 'page', label: t('managePages:kind.page') },
              { value: 'common', label: t('managePages:kind.common') },
            ]}
            className="pages-filter"
          />
        )}
        {exteriors.length > 1 ? (
          <Select
            aria-label={t('managePages:col.exterior')}
            value={filters.exteriorId ?? 0}
            onChange={(v) => filter({ exteriorId: v || undefined })}
            options={allExteriors}
            className="pages-filter"
          />
        ) : null}
      </div>
      <div className="pages-actions">
        {type === 'PAGE' ? (
          <Button type="primary" href={`${base}/add`}>
            {t('managePages:list.newPage')}
          </Button>
        ) : (
          <>
            <Button type="primary" href={`${base}/add?kind=page`}>
              {t('managePages:list.newPageTemplate')}
            </Button>
            <Button href={`${base}/add?kind=common`}>{t('managePages:list.newCommonTemplate')}</Button>
          </>
        )}
      </div>
    </div>
  );

  const empty = t(type === 'PAGE' ? 'managePages:list.emptyPages' : 'managePages:list.emptyTemplates');
  const pager = (
    <Pagination
      current={page}
      pageSize={SIZE}
      total={data.total}
      onChange={(p) => load(p, filters)}
      showSizeChanger={false}
      showTotal={(count) => t('managePages:list.total', { count })}
      size={mobile ? 'small' : undefined}
      hideOnSinglePage={false}
    />
  );

  return (
    <div className="pages-screen">
      <style>{PAGE_SCREENS_CSS}</style>
      {toolbar}
      {mobile ? (
        <List
          loading={loading}
          dataSource={data.rows}
          locale={{ emptyText: empty }}
          renderItem={(p) => (
            <List.Item actions={actions(p)}>
              <List.Item.Meta
                title={<a href={`${base}/edit/${p.id}`}>{p.name}</a>}
                description={
                  <>
                    {tags(p)}
                    <div className="pages-meta">
                      {[p.exteriorName, formatTime(p.updatedAt, timeZone)].filter(Boolean).join(' · ')}
                    </div>
                  </>
                }
              />
            </List.Item>
          )}
        />
      ) : (
        <Table
          rowKey="id"
          loading={loading}
          dataSource={data.rows}
          pagination={false}
          locale={{ emptyText: empty }}
          columns={[
            {
              title: t('managePages:col.name'),
              render: (_, p) => (
                <Space size={6} wrap>
                  <a href={`${base}/edit/${p.id}`}>{p.name}</a>
                  {p.needToLogin ? <Tag color="red">{t('managePages:needLogin')}</Tag> : null}
                </Space>
              ),
            },
            type === 'PAGE'
              ? { title: t('managePages:col.template'), render: (_, p) => p.templateName || '—' }
              : {
                  title: t('managePages:col.type'),
                  render: (_, p) => <Tag color={p.templateKind === 'common' ? 'purple' : 'blue'}>{kindLabel(p)}</Tag>,
                },
            type === 'PAGE'
              ? {
                  title: t('managePages:col.lang'),
                  width: 90,
                  render: (_, p) => (p.lang ? t(`managePages:lang.${p.lang}`) : '—'),
                }
              : {
                  title: t('managePages:field.defaultFor'),
                  render: (_, p) =>
                    p.defaultFor ? <Tag color="green">{t(`managePages:defaultFor.${p.defaultFor}`)}</Tag> : '—',
                },
            {
              title: t('managePages:col.device'),
              width: 90,
              render: (_, p) => (
                <Tag color={p.isMobile ? 'orange' : undefined}>
                  {t(p.isMobile ? 'managePages:device.mobile' : 'managePages:device.pc')}
                </Tag>
              ),
            },
            { title: t('managePages:col.exterior'), render: (_, p) => p.exteriorName || '—' },
            {
              title: t('managePages:col.updated'),
              width: 150,
              render: (_, p) => <span style={{ whiteSpace: 'nowrap' }}>{formatTime(p.updatedAt, timeZone)}</span>,
            },
            {
              title: t('managePages:col.actions'),
              width: type === 'PAGE' ? 170 : 130,
              render: (_, p) => <Space size="middle">{actions(p)}</Space>,
            },
          ]}
        />
      )}
      <div className="pages-pager">{pager}</div>
    </div>
  );
}

export default function ManagePageList(props: ManagePageListProps) {
  return (
    <AntdRoot lang={props.lang}>
      <PageList {...props} />
    </AntdRoot>
  );
}
