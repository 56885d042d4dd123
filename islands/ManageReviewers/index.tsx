/**
 * Reviewer management (spec 2.12 manage/reviewer; 7 "Reviewer management"): the list with each
 * reviewer's state, roles per session and load; search; add by e-mail (with the conflicts check),
 * import from the template's sheet, mail or resend the activation to the selected, roles per
 * session, delete. On a phone the table becomes a list, so nothing scrolls sideways.
 */
import { useMemo, useState } from 'react';
import { App, Button, Input, Popconfirm, Space, Tag, Typography } from 'antd';
import { reviewerApi, type ReviewerView, type RoleView } from '../../server/contract/reviewers';
import { REVIEW_SCREENS } from '../../server/contract/reviewScreens';
import { AntdRoot } from '../shared/AntdRoot';
import { call } from '../shared/api';
import { translator } from '../shared/i18n';
import { ManageTable } from '../shared/ManageTable';
import { AddDialog } from './AddDialog';
import { ImportDialog } from './ImportDialog';
import { MailDialog } from './MailDialog';
import { RolesDialog } from './RolesDialog';
import { errorKey, errorParams } from './shared';
import { NS, sessionTitle, stateKey } from '../shared/reviewerLabels';
import type { ManageReviewersProps } from './props';

function Reviewers({ lang, mobile, list }: ManageReviewersProps) {
  const t = translator(lang);
  const { message } = App.useApp();
  const [rows, setRows] = useState(list.rows);
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const [dialog, setDialog] = useState<'add' | 'import' | 'mail' | null>(null);
  const [rolesOf, setRolesOf] = useState<ReviewerView | null>(null);
  const [resending, setResending] = useState(false);
  const [page, setPage] = useState(1);

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

  const rolesChanged = (id: number, roles: RoleView[]) =>
    setRows((all) => all.map((r) => (r.id === id ? { ...r, roles } : r)));
  const state = (r: ReviewerView) => (
    <Tag color={r.active ? 'green' : r.expired ? 'red' : 'default'}>{t(stateKey(r))}</Tag>
  );
  const roles = (r: ReviewerView) =>
    r.roles.length
      ? r.roles.map((x) => (
          <Tag key={x.id} color={x.role === 'chair' ? 'gold' : 'blue'}>
            {sessionTitle(list.sessions, x.sessionId, lang)} · {t(`${NS}role.${x.role}`)}
          </Tag>
        ))
      : '—';
  const load = (r: ReviewerView) => t(`${NS}load`, r.load);
  const actions = (r: ReviewerView) => (
    <Space wrap size={4}>
      <a href={`${REVIEW_SCREENS.reviewerInfo}/${r.id}`}>{t(`${NS}info.button`)}</a>
      <a role="button" onClick={() => setRolesOf(r)}>
        {t(`${NS}roles.button`)}
      </a>
      <Popconfirm title={t(`${NS}remove.confirm`)} onConfirm={() => remove(r.id)}>
        <a className="danger-link" role="button">
          {t(`${NS}remove.button`)}
        </a>
      </Popconfirm>
    </Space>
  );

  return (
    <div className="manage-reviewers">
      <Space wrap style={{ marginBottom: 12, width: '100%' }}>
        <Button type="primary" onClick={() => setDialog('add')}>
          {t(`${NS}add.button`)}
        </Button>
        <Button onClick={() => setDialog('import')}>{t(`${NS}import.button`)}</Button>
        <Button onClick={() => needSelection() && setDialog('mail')}>{t(`${NS}mail.button`)}</Button>
        <Button onClick={resend} loading={resending}>
          {t(`${NS}mail.invite`)}
        </Button>
        <Input.Search
          allowClear
          placeholder={t(`${NS}search`)}
          aria-label={t(`${NS}search`)}
          onChange={(e) => setQuery(e.target.value)}
          style={{ width: mobile ? '100%' : 280 }}
        />
      </Space>
      {selected.length ? <p className="admin-hint">{t(`${NS}mail.selected`, { count: selected.length })}</p> : null}
      <ManageTable<ReviewerView>
        mobile={mobile}
        rowKey={(r) => r.id}
        rows={shown}
        selection={{ selected, onChange: (keys) => setSelected(keys.map(Number)), label: (r) => r.name || r.email }}
        pagination={{ current: page, pageSize: 50, total: shown.length, onChange: setPage, hideOnSinglePage: true }}
        columns={[
          // The address under the name: one column less, and the long addresses no longer push the table past its card.
          {
            key: 'name',
            title: `${t(`${NS}col.name`)} · ${t(`${NS}col.email`)}`,
            minWidth: 180,
            primary: true,
            render: (r) => (
              <>
                <div className="manage-name">{r.name || '—'}</div>
                <Typography.Text type="secondary">{r.email}</Typography.Text>
              </>
            ),
          },
          { key: 'unit', title: t(`${NS}col.unit`), minWidth: 140, render: (r) => r.unit },
          { key: 'state', title: t(`${NS}col.state`), render: (r) => state(r) },
          { key: 'roles', title: t(`${NS}col.roles`), minWidth: 120, render: (r) => roles(r) },
          { key: 'load', title: t(`${NS}col.load`), minWidth: 96, render: (r) => load(r) },
          { key: 'actions', title: t(`${NS}col.actions`), minWidth: 120, actions: true, render: (r) => actions(r) },
        ]}
      />
      <AddDialog t={t} open={dialog === 'add'} onClose={() => setDialog(null)} onAdded={() => void reload()} />
      <ImportDialog
        t={t}
        lang={lang}
        open={dialog === 'import'}
        onClose={() => setDialog(null)}
        onImported={() => void reload()}
      />
      <MailDialog t={t} ids={selected} open={dialog === 'mail'} onClose={() => setDialog(null)} />
      <RolesDialog
        t={t}
        lang={lang}
        reviewer={rolesOf}
        sessions={list.sessions}
        onClose={() => setRolesOf(null)}
        onChanged={rolesChanged}
      />
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
