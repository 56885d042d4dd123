/**
 * The "registration fee" and "optional fee" tabs of the registration configuration (spec 2.12,
 * 3 "Registration / optional fee item", 5 "Registration fee config"): a table of the fees, add
 * and edit in a modal with every field, delete with a confirmation, reorder, and the manager's
 * confirmation when a new price voids unpaid orders (spec 4). The browser checks the rules the
 * server checks (the same keys, feeProblem from the contract); the server decides.
 */
import { useState } from 'react';
import { App, Button, Form, Modal, Popconfirm, Skeleton, Space, Tag, Typography } from 'antd';
import { feesApi, type FeeView } from '../../server/contract/fees';
import { formatMoney, toDecimalString } from '../../server/contract/money';
import { AntdRoot } from '../shared/AntdRoot';
import { call, ApiError } from '../shared/api';
import { translator } from '../shared/i18n';
import { RegisterConfigTabs } from '../shared/RegisterConfigTabs';
import { useHydrated } from '../shared/hydrated';
import { RegisterPerPerson } from './RegisterPerPerson';
import { ManageTable, type ManageColumn } from '../shared/ManageTable';
import { checkedValues } from '../shared/formCheck';
import { Later, lazyPart, usePreload } from '../shared/lazyPart';
import type { Values } from './shared';
import type { RegisterConfigFeesProps } from './props';

/** The dialog's fields (date pickers, number inputs) load when it first opens (issue 32). */
const FeeFields = lazyPart(() => import('./FeeFields').then((m) => m.FeeFields));

function blank(): Values {
  return {
    categoryZh: '',
    categoryEn: '',
    titleZh: '',
    titleEn: '',
    descriptionZh: '',
    descriptionEn: '',
    currency: 'CNY',
    price: '',
    displayCurrency: 'CNY',
    displayPrice: '',
    openDate: '',
    deadline: '',
    open: true,
    userScope: 'all',
    langScope: 'all',
    invitationCode: '',
    maxTotal: null,
    maxPerAccount: null,
  };
}

function valuesOf(f: FeeView): Values {
  return {
    categoryZh: f.categoryZh,
    categoryEn: f.categoryEn,
    titleZh: f.titleZh,
    titleEn: f.titleEn,
    descriptionZh: f.descriptionZh,
    descriptionEn: f.descriptionEn,
    currency: f.price.currency,
    price: toDecimalString(f.price),
    displayCurrency: f.display.currency,
    displayPrice: toDecimalString(f.display),
    openDate: f.openDate,
    deadline: f.deadline,
    open: f.open,
    userScope: f.userScope,
    langScope: f.langScope,
    invitationCode: f.invitationCode,
    maxTotal: f.maxTotal,
    maxPerAccount: f.maxPerAccount,
  };
}

function Fees({ lang, mobile, kind, fees, settings }: RegisterConfigFeesProps) {
  const hydrated = useHydrated();
  const t = translator(lang);
  const { message, modal } = App.useApp();
  const [list, setList] = useState(fees);
  const [editing, setEditing] = useState<FeeView | 'new' | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<Values>();
  usePreload(FeeFields);
  const fail = (err: unknown) =>
    message.error(
      t(
        err instanceof ApiError ? err.messageKey : 'commonMsg.failed',
        err instanceof ApiError ? err.params : undefined,
      ),
    );

  // The categories of this kind, once each: the form offers them by their Chinese name.
  const categories = [...new Map(list.map((f) => [f.categoryZh, f])).values()];
  function pickCategory(zh: string) {
    const known = categories.find((c) => c.categoryZh === zh);
    if (known) form.setFieldsValue({ categoryEn: known.categoryEn, maxTotal: known.maxTotal });
  }

  function open(fee: FeeView | 'new') {
    form.resetFields();
    form.setFieldsValue(fee === 'new' ? blank() : valuesOf(fee));
    setEditing(fee);
  }

  async function send(values: Values, confirm: boolean): Promise<void> {
    const body = { ...values, kind, maxTotal: values.maxTotal ?? 0, maxPerAccount: values.maxPerAccount ?? 0, confirm };
    setBusy(true);
    try {
      setList(
        editing && editing !== 'new'
          ? await call(feesApi.update, { params: { id: editing.id }, body })
          : await call(feesApi.create, { body }),
      );
      setEditing(null);
      message.success(t('fees:saved'));
    } catch (err) {
      if (err instanceof ApiError && err.messageKey === 'fees:priceChangeConfirm' && !confirm) {
        // The new price voids unpaid orders (spec 4): ask, then send again with the confirmation.
        modal.confirm({
          title: t('fees:priceChangeTitle'),
          content: t('fees:priceChangeConfirm', err.params),
          okText: t('fees:save'),
          cancelText: t('fees:cancel'),
          onOk: () => send(values, true),
        });
      } else if (err instanceof ApiError && err.field) {
        form.setFields([{ name: err.field as keyof Values, errors: [t(err.messageKey, err.params)] }]);
      } else fail(err);
    } finally {
      setBusy(false);
    }
  }

  async function save() {
    // The dialog's fields load when it first opens: no save before they are there to be checked.
    if (!form.getFieldInstance('titleZh')) return;
    const values = await checkedValues(form);
    if (!values) return;
    await send({ ...(form.getFieldsValue(true) as Values), ...values }, false);
  }

  async function remove(fee: FeeView | 'new' | null) {
    // An unsaved fee has nothing to delete on the server.
    if (!fee || fee === 'new') return void message.warning(t('fees:saveFirst'));
    try {
      setList(await call(feesApi.remove, { params: { id: fee.id } }));
      if (editing !== null) setEditing(null);
      message.success(t('fees:deleted'));
    } catch (err) {
      fail(err);
    }
  }

  async function move(index: number, by: -1 | 1) {
    const ids = list.map((f) => f.id);
    const target = index + by;
    if (target < 0 || target >= ids.length) return;
    [ids[index], ids[target]] = [ids[target], ids[index]];
    try {
      setList(await call(feesApi.reorder, { body: { kind, ids } }));
    } catch (err) {
      fail(err);
    }
  }

  const title = (f: FeeView) => (lang === 'en' ? f.titleEn || f.titleZh : f.titleZh || f.titleEn);
  const columns: Array<ManageColumn<FeeView>> = [
    {
      key: 'category',
      title: t('fees:col.category'),
      minWidth: 96,
      render: (f) => (lang === 'en' ? f.categoryEn || f.categoryZh : f.categoryZh || f.categoryEn),
    },
    {
      key: 'title',
      title: t('fees:col.title'),
      minWidth: 180,
      primary: true,
      render: (f) => (
        <>
          {title(f)}
          {f.invitationCode ? <Tag style={{ marginLeft: 6 }}>{t('fees:withCode')}</Tag> : null}
        </>
      ),
    },
    // The displayed price under the price, the deadline under the opening day: every column fits at 1366 px.
    {
      key: 'price',
      title: `${t('fees:col.price')} · ${t('fees:col.displayPrice')}`,
      minWidth: 110,
      render: (f) => (
        <>
          <div>{formatMoney(f.price, lang)}</div>
          <Typography.Text type="secondary">{`${f.display.currency} ${toDecimalString(f.display)}`}</Typography.Text>
        </>
      ),
    },
    {
      key: 'window',
      title: t('fees:col.window'),
      minWidth: 104,
      render: (f) => (
        <>
          <div>{f.openDate} –</div>
          <div>{f.deadline}</div>
        </>
      ),
    },
    { key: 'open', title: t('fees:col.open'), minWidth: 56, render: (f) => (f.open ? '✓' : '—') },
    {
      key: 'scopes',
      title: t('fees:col.scopes'),
      minWidth: 110,
      render: (f) => `${t(`fees:userScope.${f.userScope}`)} · ${t(`fees:langScope.${f.langScope}`)}`,
    },
    { key: 'used', title: t('fees:col.categoryUsed'), render: (f) => `${f.categoryUsed} / ${f.maxTotal}` },
    {
      key: 'actions',
      title: t('fees:col.actions'),
      minWidth: 130,
      actions: true,
      render: (f, index) => (
        <Space size="small" wrap>
          <a role="button" onClick={() => open(f)}>
            {t('fees:edit')}
          </a>
          <Popconfirm title={t('fees:confirmDelete')} onConfirm={() => remove(f)}>
            <a role="button" className="danger-link">
              {t('fees:delete')}
            </a>
          </Popconfirm>
          <Button
            size="small"
            type="text"
            disabled={index === 0}
            onClick={() => move(index, -1)}
            aria-label={t('fees:moveUp')}
          >
            ↑
          </Button>
          <Button
            size="small"
            type="text"
            disabled={index === list.length - 1}
            onClick={() => move(index, 1)}
            aria-label={t('fees:moveDown')}
          >
            ↓
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div className="register-config-fees">
      <RegisterConfigTabs lang={lang} active={kind === 'register' ? 'fee' : 'optional'} />
      {kind === 'register' && settings ? (
        <RegisterPerPerson t={t} initial={settings} onError={fail} onSaved={() => message.success(t('fees:saved'))} />
      ) : null}
      <Button type="primary" onClick={() => open('new')} style={{ margin: '12px 0' }}>
        {t('fees:add')}
      </Button>
      <ManageTable<FeeView>
        mobile={mobile}
        rowKey={(f) => f.id}
        rows={list}
        columns={columns}
        emptyText={t('fees:none')}
      />
      <Modal
        open={editing !== null}
        title={t(editing === 'new' ? 'fees:add' : 'fees:edit')}
        onCancel={() => setEditing(null)}
        width={mobile ? undefined : 820}
        forceRender={hydrated}
        footer={[
          <Popconfirm
            key="d"
            title={t('fees:confirmDelete')}
            onConfirm={() => remove(editing)}
            disabled={editing === 'new'}
          >
            <Button danger onClick={editing === 'new' ? () => remove('new') : undefined}>
              {t('fees:delete')}
            </Button>
          </Popconfirm>,
          <Button key="c" onClick={() => setEditing(null)}>
            {t('fees:cancel')}
          </Button>,
          <Button key="s" type="primary" loading={busy} onClick={save}>
            {t('fees:save')}
          </Button>,
        ]}
      >
        <Later when={editing !== null} fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
          <FeeFields
            form={form}
            kind={kind}
            mobile={mobile}
            t={t}
            categories={categories}
            pickCategory={pickCategory}
          />
        </Later>
      </Modal>
    </div>
  );
}

export default function RegisterConfigFees(props: RegisterConfigFeesProps) {
  return (
    <AntdRoot lang={props.lang}>
      <Fees {...props} />
    </AntdRoot>
  );
}
