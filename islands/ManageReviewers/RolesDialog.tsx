/** A reviewer's role per top-level session (spec 3 "Reviewer"): reviewer or chair, one per session. */
import { useEffect, useState } from 'react';
import { App, Button, List, Modal, Popconfirm, Select, Space, Tag } from 'antd';
import {
  REVIEWER_ROLES,
  reviewerApi,
  type ReviewerRoleName,
  type ReviewerView,
  type RoleView,
  type SessionChoice,
} from '../../server/contract/reviewers';
import { call } from '../shared/api';
import type { Lang } from '../shared/locale';
import { errorKey, type T } from './shared';
import { NS, sessionTitle } from '../shared/reviewerLabels';

type Props = {
  t: T;
  lang: Lang;
  reviewer: ReviewerView | null;
  sessions: SessionChoice[];
  onClose: () => void;
  onChanged: (id: number, roles: RoleView[]) => void;
};

export function RolesDialog({ t, lang, reviewer, sessions, onClose, onChanged }: Props) {
  const { message } = App.useApp();
  const [roles, setRoles] = useState<RoleView[]>(reviewer?.roles ?? []);
  const [sessionId, setSessionId] = useState<number | undefined>();
  const [role, setRole] = useState<ReviewerRoleName>('reviewer');
  const [busy, setBusy] = useState(false);
  useEffect(() => setRoles(reviewer?.roles ?? []), [reviewer]);

  const changed = (next: RoleView[]) => {
    setRoles(next);
    if (reviewer) onChanged(reviewer.id, next);
  };

  async function save() {
    if (!reviewer || !sessionId) return;
    setBusy(true);
    try {
      changed(await call(reviewerApi.setRole, { body: { reviewerId: reviewer.id, sessionId, role } }));
      message.success(t(`${NS}saved`));
    } catch (err) {
      message.error(t(errorKey(err)));
    } finally {
      setBusy(false);
    }
  }

  async function remove(id: number) {
    try {
      changed(await call(reviewerApi.removeRole, { params: { id } }));
    } catch (err) {
      message.error(t(errorKey(err)));
    }
  }

  return (
    <Modal
      open={reviewer !== null}
      title={`${t(`${NS}roles.title`)} · ${reviewer?.name ?? ''}`}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      <List
        size="small"
        dataSource={roles}
        rowKey="id"
        locale={{ emptyText: t(`${NS}roles.none`) }}
        renderItem={(r) => (
          <List.Item
            actions={[
              <Popconfirm key="remove" title={t(`${NS}remove.button`)} onConfirm={() => remove(r.id)}>
                <a className="danger-link" role="button">
                  {t(`${NS}remove.button`)}
                </a>
              </Popconfirm>,
            ]}
          >
            {sessionTitle(sessions, r.sessionId, lang)}{' '}
            <Tag color={r.role === 'chair' ? 'gold' : 'blue'}>{t(`${NS}role.${r.role}`)}</Tag>
          </List.Item>
        )}
      />
      <Space wrap style={{ marginTop: 12 }}>
        <Select
          style={{ minWidth: 200 }}
          placeholder={t(`${NS}roles.session`)}
          aria-label={t(`${NS}roles.session`)}
          value={sessionId}
          onChange={setSessionId}
          options={sessions.map((s) => ({ value: s.id, label: sessionTitle(sessions, s.id, lang) }))}
        />
        <Select
          style={{ minWidth: 120 }}
          aria-label={t(`${NS}roles.role`)}
          value={role}
          onChange={setRole}
          options={REVIEWER_ROLES.map((r) => ({ value: r, label: t(`${NS}role.${r}`) }))}
        />
        <Button type="primary" onClick={save} loading={busy} disabled={!sessionId}>
          {t(`${NS}roles.add`)}
        </Button>
      </Space>
    </Modal>
  );
}
