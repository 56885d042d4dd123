/**
 * The personal-information tab (spec 2.12, 3 "Registration form (user) config"): the form of a
 * version — name style, allowed countries, common items (required / optional / hidden), custom
 * items of nine types with their options, their order — with a live preview; and the versions:
 * switch, create as a copy, delete ('default' cannot be deleted).
 */
import { useState } from 'react';
import { App, Button, Card, Form, Input, List, Modal, Popconfirm, Radio, Select, Space, Tag } from 'antd';
import { COUNTRIES } from '../../server/contract/countries';
import {
  FIELD_MODES,
  registrationApi,
  type FieldMode,
  type FormItem,
  type FormRules,
} from '../../server/contract/registration';
import { AntdRoot } from '../shared/AntdRoot';
import { call, ApiError } from '../shared/api';
import { translator } from '../shared/i18n';
import type { Lang } from '../shared/locale';
import { RegisterConfigTabs } from '../shared/RegisterConfigTabs';
import { itemTitle } from '../shared/registrationChecks';
import { FormPreview } from '../shared/registrationFields';
import { ItemEditor } from './ItemEditor';
import type { RegisterConfigFormProps } from './props';

const go = (version: string) =>
  location.assign(`/platform/config/register/form?version=${encodeURIComponent(version)}`);

/** The form as attendees will see it: the registration form's own fields. */
function Preview({ rules, lang }: { rules: FormRules; lang: Lang }) {
  return <FormPreview rules={rules} lang={lang} t={translator(lang)} />;
}

function Builder({ lang, mobile, versions, version, rules: initial }: RegisterConfigFormProps) {
  const t = translator(lang);
  const { message, modal } = App.useApp();
  const [rules, setRules] = useState<FormRules>(initial);
  const [editing, setEditing] = useState<FormItem | null>(null);
  const [badRow, setBadRow] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [newVersion, setNewVersion] = useState<string | null>(null);
  const fail = (err: unknown) =>
    message.error(
      t(
        err instanceof ApiError ? err.messageKey : 'commonMsg.failed',
        err instanceof ApiError ? err.params : undefined,
      ),
    );

  const setItems = (items: FormItem[]) => setRules((r) => ({ ...r, items }));
  const move = (i: number, by: number) => {
    const items = [...rules.items];
    const [it] = items.splice(i, 1);
    items.splice(Math.max(0, Math.min(items.length, i + by)), 0, it);
    setItems(items);
  };
  const setMode = (i: number, mode: FieldMode) =>
    setItems(rules.items.map((it, j) => (j === i ? { ...it, mode } : it)));

  async function save(confirmAnswered = false) {
    setBusy(true);
    setBadRow(null);
    try {
      await call(registrationApi.saveRules, { body: { version, rules, confirmAnswered } });
      message.success(t('registration:saved'));
    } catch (err) {
      // Items registrants answered would be hidden or removed: said first; their answers stay (issue 18).
      if (err instanceof ApiError && err.messageKey === 'registration:answeredItemsHidden') {
        setBusy(false);
        return void modal.confirm({
          content: t(err.messageKey, err.params),
          okText: t('registration:save'),
          cancelText: t('profile.cancel'),
          onOk: () => save(true),
        });
      }
      const row = /^items\.(\d+)/.exec(err instanceof ApiError ? (err.field ?? '') : '')?.[1];
      if (row !== undefined) setBadRow(Number(row));
      fail(err);
    } finally {
      setBusy(false);
    }
  }

  async function copy() {
    const to = newVersion?.trim() ?? '';
    if (!/^[A-Za-z0-9_-]{1,32}$/.test(to)) return void message.error(t('registration:versionInvalid'));
    try {
      await call(registrationApi.copyRules, { body: { from: version, to } });
      go(to);
    } catch (err) {
      fail(err);
    }
  }

  async function removeVersion() {
    try {
      await call(registrationApi.deleteRules, { query: { version } });
      go('default');
    } catch (err) {
      fail(err);
    }
  }

  const addItem = () => {
    let n = rules.items.filter((i) => i.custom).length + 1;
    while (rules.items.some((i) => i.field === `c_item${n}`)) n++;
    setEditing({
      field: `c_item${n}`,
      custom: true,
      type: 'input',
      titleZh: '',
      titleEn: '',
      mode: 'optional',
      options: [],
    });
  };
  const saveItem = (item: FormItem) => {
    const exists = rules.items.some((i) => i.field === item.field);
    setItems(exists ? rules.items.map((i) => (i.field === item.field ? item : i)) : [...rules.items, item]);
    setEditing(null);
  };
  const current = versions.find((v) => v.version === version);

  const rowOf = (item: FormItem, i: number) => {
    const fixed = item.field === 'name' || item.field === 'email';
    return (
      <List.Item
        className={badRow === i ? 'form-item-row form-item-row-bad' : 'form-item-row'}
        actions={[
          <Button
            key="up"
            size="small"
            disabled={i === 0}
            onClick={() => move(i, -1)}
            aria-label={t('manageRegistration:form.up')}
          >
            ↑
          </Button>,
          <Button
            key="down"
            size="small"
            disabled={i === rules.items.length - 1}
            onClick={() => move(i, 1)}
            aria-label={t('manageRegistration:form.down')}
          >
            ↓
          </Button>,
          ...(item.custom
            ? [
                <a key="edit" role="button" onClick={() => setEditing(item)}>
                  {t('manageRegistration:edit')}
                </a>,
                <Popconfirm
                  key="del"
                  title={t('manageRegistration:form.confirmDeleteItem')}
                  onConfirm={() => setItems(rules.items.filter((x) => x.field !== item.field))}
                >
                  <a className="danger-link" role="button">
                    {t('manageRegistration:delete')}
                  </a>
                </Popconfirm>,
              ]
            : []),
        ]}
      >
        <List.Item.Meta
          title={
            <>
              {itemTitle(item, lang)}{' '}
              <Tag>{t(item.custom ? `manageRegistration:types.${item.type}` : 'manageRegistration:form.common')}</Tag>
            </>
          }
          description={
            item.custom && item.options.length
              ? item.options.map((o) => (lang === 'en' ? o.en || o.zh : o.zh || o.en)).join(' / ')
              : undefined
          }
        />
        {fixed ? (
          <Tag color="blue">{t('manageRegistration:modes.required')}</Tag>
        ) : (
          <Select
            size="small"
            value={item.mode}
            onChange={(m: FieldMode) => setMode(i, m)}
            style={{ width: 110 }}
            options={FIELD_MODES.map((m) => ({ value: m, label: t(`manageRegistration:modes.${m}`) }))}
            aria-label={t('manageRegistration:form.mode')}
          />
        )}
      </List.Item>
    );
  };

  return (
    <>
      <RegisterConfigTabs lang={lang} active="form" />
      <Space wrap className="version-bar" style={{ marginBottom: 16 }}>
        <span>{t('registration:version')}</span>
        <Select
          value={version}
          onChange={go}
          style={{ minWidth: 160 }}
          options={versions.map((v) => ({
            value: v.version,
            label: `${v.version} (${t('manageRegistration:form.registrants', { n: v.registrants })})`,
          }))}
        />
        <Button onClick={() => setNewVersion('')}>{t('manageRegistration:form.newVersion')}</Button>
        <Popconfirm title={t('manageRegistration:form.confirmDeleteVersion', { version })} onConfirm={removeVersion}>
          <Button danger disabled={Boolean(current?.registrants)}>
            {t('manageRegistration:form.deleteVersion')}
          </Button>
        </Popconfirm>
        <a href={`/conferenceRegister?version=${encodeURIComponent(version)}`} target="_blank" rel="noreferrer">
          {t('manageRegistration:form.openForm')}
        </a>
      </Space>
      <div className={mobile ? 'form-builder' : 'form-builder form-builder-wide'}>
        <div>
          <Form layout="vertical" name="formSettings">
            <Form.Item label={t('manageRegistration:form.nameStyle')}>
              <Radio.Group
                value={rules.nameStyle}
                onChange={(e) => setRules({ ...rules, nameStyle: e.target.value })}
                options={[
                  { value: 'full', label: t('manageRegistration:form.fullName') },
                  { value: 'split', label: t('manageRegistration:form.splitName') },
                ]}
              />
            </Form.Item>
            <Form.Item
              label={t('manageRegistration:form.countries')}
              extra={t('manageRegistration:form.countriesHint')}
            >
              <Select
                mode="multiple"
                allowClear
                value={rules.countries}
                onChange={(countries: string[]) => setRules({ ...rules, countries })}
                optionFilterProp="label"
                options={COUNTRIES.map((c) => ({ value: c.en, label: lang === 'zh' ? c.zh : c.en }))}
              />
            </Form.Item>
          </Form>
          <List bordered size="small" dataSource={rules.items} rowKey="field" renderItem={rowOf} />
          <Space wrap style={{ marginTop: 12 }}>
            <Button onClick={addItem}>{t('manageRegistration:form.addItem')}</Button>
            <Button type="primary" onClick={() => save()} loading={busy}>
              {t('registration:save')}
            </Button>
          </Space>
        </div>
        <Card size="small" title={t('manageRegistration:form.preview')} className="form-preview">
          <Preview rules={rules} lang={lang} />
        </Card>
      </div>
      <ItemEditor
        t={t}
        item={editing}
        taken={rules.items.map((i) => i.field)}
        onSave={saveItem}
        onClose={() => setEditing(null)}
      />
      <Modal
        open={newVersion !== null}
        title={t('manageRegistration:form.newVersion')}
        onOk={copy}
        onCancel={() => setNewVersion(null)}
        okText={t('registration:save')}
        cancelText={t('profile.cancel')}
      >
        <p className="admin-hint">{t('manageRegistration:form.newVersionHint', { version })}</p>
        <Input
          value={newVersion ?? ''}
          onChange={(e) => setNewVersion(e.target.value)}
          maxLength={32}
          placeholder="students"
          aria-label={t('manageRegistration:form.newVersion')}
        />
      </Modal>
    </>
  );
}

export default function RegisterConfigForm(props: RegisterConfigFormProps) {
  return (
    <AntdRoot lang={props.lang}>
      <Builder {...props} />
    </AntdRoot>
  );
}
