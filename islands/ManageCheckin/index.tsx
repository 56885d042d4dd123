/**
 * The managers' check-in screen (issue 33): live counts (checked in of registered, per hour),
 * the desks, the desk staff (a role the manager grants: they see only the desk), and the
 * attendance list with its Excel export (a piece of work when large).
 */
import { useEffect, useState } from 'react';
import { App, Button, Card, Col, Input, List, Popconfirm, Row, Space, Statistic, Table, Tag } from 'antd';
import { checkinApi, type AttendancePage, type CountsView } from '../../server/contract/checkin';
import { AntdRoot } from '../shared/AntdRoot';
import { ApiError, call } from '../shared/api';
import { showInAddress } from '../shared/address';
import { downloadPost } from '../shared/download';
import { translator } from '../shared/i18n';
import type { ManageCheckinProps } from './props';

/** The counts are fetched again this often while the screen is open (a desk is checking people in). */
const REFRESH_MS = 10_000;

function PerHour({ counts, t }: { counts: CountsView; t: (k: string) => string }) {
  if (!counts.perHour.length) return <p>{t('checkin:manage.noCheckins')}</p>;
  const max = Math.max(...counts.perHour.map((h) => h.count));
  return (
    <table
      className="checkin-hours"
      aria-label={t('checkin:manage.perHour')}
      style={{ width: '100%', borderCollapse: 'collapse' }}
    >
      <tbody>
        {counts.perHour.map((h) => (
          <tr key={h.hour}>
            <th scope="row" style={{ textAlign: 'left', fontWeight: 400, whiteSpace: 'nowrap', paddingRight: 8 }}>
              {h.hour}
            </th>
            <td style={{ width: '100%' }}>
              <div
                style={{
                  background: '#1d4ed8',
                  height: 14,
                  width: `${Math.max(2, (h.count / max) * 100)}%`,
                  borderRadius: 3,
                }}
              />
            </td>
            <td style={{ paddingLeft: 8, textAlign: 'right' }}>{h.count}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

type Query = { q: string; hour?: string; page: number };

function Screen({
  lang,
  mobile,
  desks: initialDesks,
  staff: initialStaff,
  counts: initialCounts,
  filter = {},
}: ManageCheckinProps) {
  const t = translator(lang);
  const { message } = App.useApp();
  const [counts, setCounts] = useState(initialCounts);
  const [desks, setDesks] = useState(initialDesks);
  const [staff, setStaff] = useState(initialStaff);
  const [deskName, setDeskName] = useState('');
  const [email, setEmail] = useState('');
  const [query, setQuery] = useState<Query>({ q: filter.q ?? '', hour: filter.hour, page: 1 });
  const [list, setList] = useState<AttendancePage>({ rows: [], total: 0, page: 1, size: 20 });
  const fail = (err: unknown) =>
    message.error(
      t(
        err instanceof ApiError ? err.messageKey : 'commonMsg.failed',
        err instanceof ApiError ? err.params : undefined,
      ),
    );

  async function load(next: Query) {
    try {
      setList(
        await call(checkinApi.attendance, {
          query: { q: next.q || undefined, hour: next.hour, page: next.page, size: 20 },
        }),
      );
      if (next.q !== query.q || next.hour !== query.hour) showInAddress({ q: next.q, hour: next.hour });
      setQuery(next);
    } catch (err) {
      fail(err);
    }
  }

  useEffect(() => {
    void load(query);
    const timer = setInterval(
      () =>
        void call(checkinApi.counts)
          .then(setCounts)
          .catch(() => undefined),
      REFRESH_MS,
    );
    return () => clearInterval(timer);
  }, []);

  async function run<T>(work: () => Promise<T>, done: (value: T) => void) {
    try {
      done(await work());
    } catch (err) {
      fail(err);
    }
  }

  const pct = counts.registered ? Math.round((counts.checkedIn / counts.registered) * 100) : 0;
  return (
    <div className="manage-checkin">
      <Space wrap style={{ marginBottom: 12 }}>
        <Button type="primary" href="/platform/manage/checkin/desk">
          {t('checkin:manage.openDesk')}
        </Button>
        <Button onClick={() => void run(() => call(checkinApi.counts), setCounts)}>
          {t('checkin:manage.refresh')}
        </Button>
      </Space>
      <Row gutter={[12, 12]}>
        <Col xs={12} md={6}>
          <Card>
            <Statistic
              className="checkin-count"
              title={t('checkin:manage.checkedIn')}
              value={counts.checkedIn}
              suffix={`/ ${counts.registered}`}
            />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card>
            <Statistic title={t('checkin:manage.registered')} value={counts.registered} suffix={`(${pct}%)`} />
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card title={t('checkin:manage.perHour')} size="small">
            <PerHour counts={counts} t={t} />
          </Card>
        </Col>
      </Row>
      <Row gutter={[12, 12]} style={{ marginTop: 12 }}>
        <Col xs={24} md={12}>
          <Card title={t('checkin:manage.desks')} size="small">
            <Space.Compact style={{ width: '100%', marginBottom: 8 }}>
              <Input
                aria-label={t('checkin:manage.deskName')}
                placeholder={t('checkin:manage.deskName')}
                value={deskName}
                maxLength={60}
                onChange={(e) => setDeskName(e.target.value)}
              />
              <Button
                type="primary"
                onClick={() =>
                  void run(
                    () => call(checkinApi.addDesk, { body: { name: deskName } }),
                    (d) => {
                      setDesks(d);
                      setDeskName('');
                    },
                  )
                }
              >
                {t('checkin:manage.addDesk')}
              </Button>
            </Space.Compact>
            <List
              size="small"
              dataSource={desks}
              rowKey="id"
              renderItem={(d) => (
                <List.Item
                  actions={
                    d.retired
                      ? [
                          <a
                            key="o"
                            role="button"
                            onClick={() =>
                              void run(
                                () => call(checkinApi.renameDesk, { params: { id: d.id }, body: { name: d.name } }),
                                setDesks,
                              )
                            }
                          >
                            {t('checkin:manage.reopen')}
                          </a>,
                        ]
                      : [
                          <Popconfirm
                            key="r"
                            title={t('checkin:manage.retire')}
                            onConfirm={() =>
                              void run(() => call(checkinApi.retireDesk, { params: { id: d.id } }), setDesks)
                            }
                          >
                            <a role="button">{t('checkin:manage.retire')}</a>
                          </Popconfirm>,
                        ]
                  }
                >
                  {d.name} {d.retired ? <Tag>{t('checkin:manage.retired')}</Tag> : null}
                </List.Item>
              )}
            />
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card title={t('checkin:manage.staff')} size="small">
            <p style={{ marginTop: 0 }}>{t('checkin:manage.staffHint')}</p>
            <Space.Compact style={{ width: '100%', marginBottom: 8 }}>
              <Input
                type="email"
                aria-label={t('checkin:manage.staffEmail')}
                placeholder={t('checkin:manage.staffEmail')}
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
              <Button
                type="primary"
                onClick={() =>
                  void run(
                    () => call(checkinApi.addStaff, { body: { email } }),
                    (s) => {
                      setStaff(s);
                      setEmail('');
                      message.success(t('checkin:staffAdded'));
                    },
                  )
                }
              >
                {t('checkin:manage.addStaff')}
              </Button>
            </Space.Compact>
            <List
              size="small"
              locale={{ emptyText: t('checkin:manage.noStaff') }}
              dataSource={staff}
              rowKey="id"
              renderItem={(s) => (
                <List.Item
                  actions={[
                    <Popconfirm
                      key="x"
                      title={t('checkin:manage.remove')}
                      onConfirm={() => void run(() => call(checkinApi.removeStaff, { params: { id: s.id } }), setStaff)}
                    >
                      <a role="button">{t('checkin:manage.remove')}</a>
                    </Popconfirm>,
                  ]}
                >
                  {s.name ? `${s.name} · ` : ''}
                  {s.email}
                </List.Item>
              )}
            />
          </Card>
        </Col>
      </Row>
      <Card
        title={t('checkin:manage.attendance')}
        size="small"
        style={{ marginTop: 12 }}
        extra={
          <Button
            onClick={() =>
              void downloadPost(checkinApi.excel, { q: query.q || undefined }, 'attendance.xlsx').catch(fail)
            }
          >
            {t('checkin:manage.export')}
          </Button>
        }
      >
        <Input.Search
          allowClear
          style={{ maxWidth: 360, marginBottom: 8 }}
          aria-label={t('checkin:manage.search')}
          placeholder={t('checkin:manage.search')}
          defaultValue={query.q}
          onSearch={(q) => void load({ ...query, q, page: 1 })}
        />
        {query.hour && (
          <div style={{ marginBottom: 8 }}>
            <Tag closable onClose={() => void load({ ...query, hour: undefined, page: 1 })}>
              {t('checkin:manage.inHour', { hour: query.hour })}
            </Tag>
          </div>
        )}
        {mobile ? (
          <List
            size="small"
            dataSource={list.rows}
            rowKey="registrantId"
            pagination={{
              current: query.page,
              pageSize: 20,
              total: list.total,
              simple: true,
              onChange: (page) => void load({ ...query, page }),
            }}
            renderItem={(r) => (
              <List.Item>
                <List.Item.Meta
                  title={`${r.name} · ${r.code}`}
                  description={`${r.at} · ${r.desk || '—'} · ${r.staff}`}
                />
              </List.Item>
            )}
          />
        ) : (
          <Table
            size="small"
            rowKey="registrantId"
            dataSource={list.rows}
            pagination={{
              current: query.page,
              pageSize: 20,
              total: list.total,
              showSizeChanger: false,
              onChange: (page) => void load({ ...query, page }),
            }}
            columns={[
              { title: t('checkin:export.code'), dataIndex: 'code', key: 'c', width: 140 },
              { title: t('checkin:export.name'), dataIndex: 'name', key: 'n' },
              { title: t('checkin:export.unit'), dataIndex: 'unit', key: 'u', ellipsis: true },
              { title: t('checkin:export.at'), dataIndex: 'at', key: 'a', width: 150 },
              { title: t('checkin:export.desk'), dataIndex: 'desk', key: 'd', width: 110 },
              { title: t('checkin:export.staff'), dataIndex: 'staff', key: 's', width: 140 },
              { title: t('checkin:manage.attempts'), dataIndex: 'attempts', key: 'x', width: 80 },
            ]}
          />
        )}
      </Card>
    </div>
  );
}

export default function ManageCheckin(props: ManageCheckinProps) {
  return (
    <AntdRoot lang={props.lang}>
      <Screen {...props} />
    </AntdRoot>
  );
}
