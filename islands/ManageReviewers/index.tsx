/**
 * Reviewer management (spec 2.12 manage/reviewer; 7 "Reviewer management"): the list with each
 * reviewer's state, roles per session and load; search; add by e-mail (with the conflicts check),
 * import from the template's sheet, mail or resend the activation to the selected, roles per
 * session, delete. On a phone the table becomes a list, so nothing scrolls sideways.
 */
import { useMemo, useState } from 'react';
import { App, Button, Checkbox, Input, List, Popconfirm, Space, Table, Tag } from 'antd';
import { reviewerApi, type ReviewerList, type ReviewerView, type RoleView } from '../../server/contract/reviewers';
import { REVIEW_SCREENS } from '../../server/contract/reviewScreens';
import { AntdRoot } from '../shared/AntdRoot';
import { call } from '../shared/api';
import { translator } from '../shared/i18n';
import type { Lang } from '../shared/locale';
import { AddDialog } from './AddDialog';
import { ImportDialog } from './ImportDialog';
import { MailDialog } from './MailDialog';
import { RolesDialog } from './RolesDialog';
import { errorKey, errorParams, NS, sessionTitle, stateKey } from './shared';

export type ManageReviewersProps = { lang: Lang; mobile: boolean; list: ReviewerList };

function Reviewers({ lang, mobile, list }: ManageReviewersProps) {
  const t = translator(lang);
  const { message } = App.useApp();
  const [rows, setRows] = useState(list.rows);
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const [dialog, setDialog] = useState<'add' | 'import' | 'mail' | null>(null);
  const [rolesOf, setRolesOf] = useState<ReviewerView | null>(null);
  const [resending, setResending] = useState(false);

  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q ? rows.filter((r) => [r.email, r.name, r.unit].some((v) => v.toLowerCase().includes(q))) : rows;
  }, [rows, query]);

  async function reload() {
    try {
      setRows((await call(reviewerApi.list)).rows);
    } catch (err) {
      message.error(t(errorKey(err)));
    }
  }

  function needSelection(): boolean {
    if (selected.length) return true;
    message.warning(t(`${NS}selectToMail`));
    return false;
  }

  async function resend() {
    if (!needSelection()) return;
    setResending(true);
    try {
      const r = await call(reviewerApi.mail, { body: { ids: selected, kind: 'invite' } });
      message.success(t(`${NS}mail.inviteDone`, { sent: r.sent, skipped: r.skipped }));
      await reload();
    } catch (err) {
      message.error(t(errorKey(err), errorParams(err)));
    } finally {
      setResending(false);
    }
  }

  async function remove(id: number) {
    try {
      await call(reviewerApi.remove, { params: { id } });
      setRows((all) => all.filter((r) => r.id !== id));
      setSelected((s) => s.filter((x) => x !== id));
      message.success(t(`${NS}deleted`));
    } catch (err) {
      message.error(t(errorKey(err)));
    }
  }

  const rolesChanged = (id: number, roles: RoleView[]) => setRows((all) => all.map((r) => (r.id === id ? { ...r, roles } : r)));
  const state = (r: ReviewerView) => <Tag color={r.active ? 'green' : r.expired ? 'red' : 'default'}>{t(stateKey(r))}</Tag>;
  const roles = (r: ReviewerView) =>
    r.roles.length ? r.roles.map((x) => <Tag key={x.id} color={x.role === 'chair' ? 'gold' : 'blue'}>{sessionTitle(list.sessions, x.sessionId, lang)} · {t(`${NS}role.${x.role}`)}</Tag>) : '—';
  const load = (r: ReviewerView) => t(`${NS}load`, r.load);
  const actions = (r: ReviewerView) => (
    <Space wrap size={4}>
      <a href={`${REVIEW_SCREENS.reviewerInfo}/${r.id}`}>{t(`${NS}info.button`)}</a>
      <a role="button" onClick={() => setRolesOf(r)}>{t(`${NS}roles.button`)}</a>
      <Popconfirm title={t(`${NS}remove.confirm`)} onConfirm={() => remove(r.id)}>
        <a className="danger-link" role="button">{t(`${NS}remove.button`)}</a>
      </Popconfirm>
    </Space>
  );

  return (
    <div className="manage-reviewers">
      <Space wrap style={{ marginBottom: 12, width: '100%' }}>
        <Button type="primary" onClick={() => setDialog('add')}>{t(`${NS}add.button`)}</Button>
        <Button onClick={() => setDialog('import')}>{t(`${NS}import.button`)}</Button>
        <Button onClick={() => needSelection() && setDialog('mail')}>{t(`${NS}mail.button`)}</Button>
        <Button onClick={resend} loading={resending}>{t(`${NS}mail.invite`)}</Button>
        <Input.Search allowClear placeholder={t(`${NS}search`)} aria-label={t(`${NS}search`)} onChange={(e) => setQuery(e.target.value)} style={{ width: mobile ? '100%' : 280 }} />
      </Space>
      {selected.length ? <p className="admin-hint">{t(`${NS}mail.selected`, { count: selected.length })}</p> : null}
      {mobile ? (
        <List
          dataSource={shown}
          rowKey="id"
          renderItem={(r) => (
            <List.Item>
              <div style={{ width: '100%', minWidth: 0, overflowWrap: 'anywhere' }}>
                <Checkbox checked={selected.includes(r.id)} onChange={(e) => setSelected((s) => (e.target.checked ? [...s, r.id] : s.filter((x) => x !== r.id)))}>
                  <strong>{r.name}</strong> {state(r)}
                </Checkbox>
                <div>{r.email}</div>
                {r.unit ? <div>{r.unit}</div> : null}
                <div>{roles(r)}</div>
                <div className="admin-hint">{load(r)}</div>
                {actions(r)}
              </div>
            </List.Item>
          )}
        />
      ) : (
        <Table
          rowKey="id"
          dataSource={shown}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          columns={[
            { title: t(`${NS}col.email`), dataIndex: 'email', key: 'email' },
            { title: t(`${NS}col.name`), dataIndex: 'name', key: 'name' },
            { title: t(`${NS}col.unit`), dataIndex: 'unit', key: 'unit' },
            { title: t(`${NS}col.state`), key: 'state', render: (_, r) => state(r) },
            { title: t(`${NS}col.roles`), key: 'roles', render: (_, r) => roles(r) },
            { title: t(`${NS}col.load`), key: 'load', render: (_, r) => load(r) },
            { title: t(`${NS}col.actions`), key: 'actions', render: (_, r) => actions(r) },
          ]}
        />
      )}
      <AddDialog t={t} open={dialog === 'add'} onClose={() => setDialog(null)} onAdded={() => void reload()} />
      <ImportDialog t={t} lang={lang} open={dialog === 'import'} onClose={() => setDialog(null)} onImported={() => void reload()} />
      <MailDialog t={t} ids={selected} open={dialog === 'mail'} onClose={() => setDialog(null)} />
      <RolesDialog t={t} lang={lang} reviewer={rolesOf} sessions={list.sessions} onClose={() => setRolesOf(null)} onChanged={rolesChanged} />
    </div>
  );
}

export default function ManageReviewers(props: ManageReviewersProps) {
  return (
    <AntdRoot lang={props.lang}>
      <Reviewers {...props} />
    </AntdRoot>
  );
}
