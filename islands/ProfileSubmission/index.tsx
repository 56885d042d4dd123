/**
 * Online submission (spec 2.10 submission, 5 "Submission form", 8): why a new manuscript cannot be
 * submitted now (with the way on: the registration form, the order to pay), the call's window and
 * instructions, the form, and the person's manuscripts. `?edit=<id>` (from the details screen)
 * opens that manuscript's form at once when it may be changed.
 */
import { GoOnAfter } from '../shared/GoOnAfter';
import { useRef, useState } from 'react';
import { Alert, App, Button, Space } from 'antd';
import { LightTypography as Typography } from '../shared/lightText';
import { PlusOutlined } from '@ant-design/icons';
import { submissionsApi } from '../../server/contract/submissionsApi';
import { type AuthorPage, type SubmissionView } from '../../server/contract/submissions';
import { AntdRoot } from '../shared/AntdRoot';
import { call } from '../shared/api';
import { translator } from '../shared/i18n';
import { errorText, titleOf, type T } from '../shared/orderText';
import { MyManuscripts } from './MyManuscripts';
import { SubmissionForm } from './lazySubmissionForm';
import { confirmWithdraw } from '../shared/authorManuscript';
import type { ProfileSubmissionProps } from './props';

/** 'new', a manuscript being changed, or the form closed. */
type Editing = 'new' | SubmissionView | null;

const changeable = (s: SubmissionView | undefined): s is SubmissionView => Boolean(s && (s.can.edit || s.can.resubmit));

/** Why no new manuscript now, and the way on when there is one. */
function Bar({ page, t }: { page: AuthorPage; t: T }) {
  const { modal, message } = App.useApp();
  const { bar, barLink, settings } = page;
  if (!bar) return null;
  // 'off': the conference has not enabled submissions (spec 8 'The service has not been opened…')
  const text =
    bar === 'notPaid'
      ? t('submitAuthor:bar.notPaid')
      : bar === 'off'
        ? t('userReg.serviceNotOpened')
        : t(`submissions:${bar}`, { date: settings.startDate, max: settings.maxPerPerson });
  const payFirst = () =>
    modal.confirm({
      content: t('submissions:notPaid'),
      okText: t('submitAuthor:bar.ok'),
      cancelText: t('submitAuthor:keep'),
      onOk: () => location.assign(barLink),
    });
  // The submission fee (issue 32): spec 8's question, then the fee's order is made (or the open one found) and paid.
  const payFee = () =>
    modal.confirm({
      content: t('submissions:notPaid'),
      okText: t('submitAuthor:bar.ok'),
      cancelText: t('submitAuthor:keep'),
      onOk: async () => {
        try {
          const { orderId } = await call(submissionsApi.payFee, {});
          location.assign(`/profile/order/pay/goto/${orderId}`);
        } catch (err) {
          message.error(errorText(err, t));
        }
      },
    });
  if (bar === 'feeUnpaid')
    return (
      <Alert
        type="warning"
        showIcon
        title={text}
        action={
          <Button size="small" type="primary" onClick={payFee}>
            {t('submitAuthor:bar.payFee')}
          </Button>
        }
        style={{ marginBottom: 16 }}
      />
    );
  const action = !barLink ? undefined : bar === 'notPaid' ? (
    <Button size="small" type="primary" onClick={payFirst}>
      {t('submitAuthor:bar.toPay')}
    </Button>
  ) : (
    <Button size="small" type="primary" href={barLink}>
      {t(bar === 'notRegistered' ? 'submitAuthor:bar.toRegister' : 'submitAuthor:bar.go')}
    </Button>
  );
  // Unregistered or unpaid: sent on after a visible countdown (spec 2.8), unless they choose to stay.
  const goOn =
    barLink && (bar === 'notRegistered' || bar === 'notPaid') ? (
      <GoOnAfter t={t} to={barLink} where={bar === 'notRegistered' ? 'register' : 'fees'} />
    ) : undefined;
  return (
    <Alert
      className={bar === 'off' ? 'service-not-opened' : undefined}
      type={bar === 'off' ? 'info' : 'warning'}
      showIcon
      title={text}
      description={goOn}
      action={action}
      style={{ marginBottom: 16 }}
    />
  );
}

function Submission({ lang, mobile, page: initial, editId }: ProfileSubmissionProps) {
  const t = translator(lang);
  const app = App.useApp();
  const [page, setPage] = useState(initial);
  const asked = editId === null ? undefined : initial.mine.find((s) => s.id === editId);
  const [editing, setEditing] = useState<Editing>(changeable(asked) ? asked : null);
  const formTop = useRef<HTMLDivElement>(null);
  const s = page.settings;
  const instructions = titleOf(s.instructionsZh, s.instructionsEn, lang);

  // The form loads on demand (lazySubmissionForm.tsx): brought into view once it is on the page.
  const showForm = () => formTop.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });

  function close() {
    setEditing(null);
    // Leaves ?edit=: a reload should not reopen a form just saved or given up.
    if (location.search) history.replaceState(null, '', location.pathname);
  }

  async function refresh() {
    try {
      setPage(await call(submissionsApi.page));
    } catch (err) {
      app.message.error(errorText(err, t));
    }
  }

  return (
    <div className="profile-submission">
      <Bar page={page} t={t} />
      {editId !== null && asked && !changeable(asked) && (
        <Alert type="warning" showIcon title={t('submissions:cannotEdit')} closable style={{ marginBottom: 16 }} />
      )}
      {page.bar !== 'off' && s.startDate && (
        <Typography.Paragraph type="secondary">
          {t('submitAuthor:window', { start: s.startDate, end: s.endDate })}
          {s.secondDeadline ? ` · ${t('submitAuthor:secondDeadline', { date: s.secondDeadline })}` : ''}
        </Typography.Paragraph>
      )}
      {instructions && (
        <div
          className="submission-instructions"
          style={{ overflowWrap: 'anywhere', marginBottom: 16 }}
          dangerouslySetInnerHTML={{ __html: instructions }}
        />
      )}
      <div ref={formTop} style={{ scrollMarginTop: 72 }} />
      {editing ? (
        <SubmissionForm
          key={editing === 'new' ? 'new' : editing.id}
          lang={lang}
          mobile={mobile}
          t={t}
          settings={s}
          choices={page.choices}
          prefill={page.prefill}
          editing={editing === 'new' ? null : editing}
          onShown={showForm}
          onSaved={() => {
            close();
            void refresh();
          }}
          onCancel={close}
        />
      ) : (
        page.bar === '' && (
          <Button type="primary" icon={<PlusOutlined />} size="large" block={mobile} onClick={() => setEditing('new')}>
            {t('submitAuthor:newSubmission')}
          </Button>
        )
      )}
      <Space orientation="vertical" size="small" style={{ width: '100%', marginTop: 24 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('submitAuthor:list.heading')}
        </Typography.Title>
        <MyManuscripts
          lang={lang}
          mobile={mobile}
          t={t}
          mine={page.mine}
          choices={page.choices}
          onEdit={setEditing}
          onWithdraw={(m) =>
            confirmWithdraw(app, t, m, () => {
              if (editing !== 'new' && editing?.id === m.id) close();
              return refresh();
            })
          }
        />
      </Space>
    </div>
  );
}

export default function ProfileSubmission(props: ProfileSubmissionProps) {
  return (
    <AntdRoot lang={props.lang}>
      <Submission {...props} />
    </AntdRoot>
  );
}
