/**
 * The manager's changes of status: one button per action the server allows now, each confirmed
 * in a dialog with an optional note (recorded in the history, which the author sees). The answer
 * is the manuscript as it is now, which replaces the screen's state.
 */
import { useState } from 'react';
import { App, Button, Form, Input, Modal, Space, Typography } from 'antd';
import {
  SUBMISSION_LIMITS,
  type ManageDetail,
  type ManagerAction,
  type SubmissionStatus,
} from '../../server/contract/submissions';
import { submissionsApi } from '../../server/contract/submissionsApi';
import { ApiError, call } from '../shared/api';
import { useHydrated } from '../shared/hydrated';
import type { T } from '../shared/orderText';
import { failText } from '../shared/submissionErrors';
import { StatusTag } from '../shared/submissionStatus';
import { checkedValues } from '../shared/formCheck';

/** Where each action leads (spec 4 "Submission status"), shown before the manager confirms. */
const TARGET: Record<ManagerAction, SubmissionStatus> = { withdraw: 'withdrawn', reopen: 'waiting' };
const DANGER: ReadonlySet<ManagerAction> = new Set(['withdraw']);

type Props = { t: T; mobile: boolean; detail: ManageDetail; onChanged: (d: ManageDetail) => void };

export function StatusActions({ t, mobile, detail, onChanged }: Props) {
  const hydrated = useHydrated();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ note: string }>();
  const [acting, setActing] = useState<ManagerAction | null>(null);
  const [busy, setBusy] = useState(false);
  const s = detail.submission;

  function open(action: ManagerAction) {
    form.resetFields();
    setActing(action);
  }

  async function confirm() {
    if (!acting) return;
    const checked = await checkedValues(form);
    if (!checked) return;
    const { note } = checked;
    setBusy(true);
    try {
      onChanged(
        await call(submissionsApi.act, { params: { id: s.id }, body: { action: acting, note: note?.trim() ?? '' } }),
      );
      message.success(t('submissions:statusChanged'));
      setActing(null);
    } catch (err) {
      if (err instanceof ApiError && err.field === 'note')
        form.setFields([{ name: 'note', errors: [failText(err, t)] }]);
      else message.error(failText(err, t));
    } finally {
      setBusy(false);
    }
  }

  if (!detail.actions.length)
    return <Typography.Text type="secondary">{t('submitManage:detail.noActions')}</Typography.Text>;
  return (
    <>
      <Space wrap orientation={mobile ? 'vertical' : 'horizontal'} style={mobile ? { width: '100%' } : undefined}>
        {detail.actions.map((a) => (
          <Button key={a} type="default" danger={DANGER.has(a)} block={mobile} onClick={() => open(a)}>
            {t(`submissions:action.${a}`)}
          </Button>
        ))}
      </Space>
      <Modal
        open={acting !== null}
        forceRender={hydrated}
        title={acting ? t('submitManage:detail.confirmTitle', { action: t(`submissions:action.${acting}`) }) : ''}
        onCancel={() => setActing(null)}
        footer={[
          <Button key="cancel" onClick={() => setActing(null)}>
            {t('submitManage:detail.cancel')}
          </Button>,
          <Button key="ok" type="primary" danger={acting ? DANGER.has(acting) : false} loading={busy} onClick={confirm}>
            {acting ? t(`submissions:action.${acting}`) : ''}
          </Button>,
        ]}
      >
        {acting && (
          <Typography.Paragraph>
            <Space wrap size={4}>
              <span>{t('submitManage:detail.confirmText', { number: s.number })}</span>
              <StatusTag status={s.status} t={t} />
              <span>→</span>
              <StatusTag status={TARGET[acting]} t={t} />
            </Space>
          </Typography.Paragraph>
        )}
        <Form form={form} layout="vertical" name="submissionAction">
          <Form.Item
            name="note"
            label={t('submitManage:detail.note')}
            extra={t('submitManage:detail.noteHint')}
            rules={[{ max: SUBMISSION_LIMITS.note, message: t('submissions:noteTooLong') }]}
          >
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} showCount maxLength={SUBMISSION_LIMITS.note} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
