/**
 * Payment configuration (spec 3 "Payment config", 5): the general plan, the separate hotel plan
 * and its methods, combined payment, and each method's title, note and fields. Secrets are never
 * shown: a field says whether one is set, and an empty field keeps it.
 */
import { useState } from 'react';
import { App, Button, Card, Checkbox, Form, Radio, Switch } from 'antd';
import { AntdRoot } from '../shared/AntdRoot';
import {
  PAYMENT_METHODS,
  paymentsApi,
  type MethodInput,
  type MethodView,
  type PayConfigView,
  type PaymentMethod,
} from '../../server/contract/payments';
import { call, ApiError } from '../shared/api';
import { translator } from '../shared/i18n';
import { MethodCard, type MethodDraft } from './MethodCard';
import type { ManagePayConfigProps } from './props';

type Plans = Pick<PayConfigView, 'generalMethods' | 'hotelSeparate' | 'hotelMethods' | 'combinedAllowed'>;

/** The saved public values; secrets start empty ("keep"). */
const draftOf = (m: MethodView): MethodDraft => ({
  titleZh: m.titleZh,
  titleEn: m.titleEn,
  noteZh: m.noteZh,
  noteEn: m.noteEn,
  fields: { ...m.fields },
});
const touched = (d: MethodDraft) =>
  [d.titleZh, d.titleEn, d.noteZh, d.noteEn, ...Object.values(d.fields)].some(Boolean);

function PayConfig({ lang, mobile, config }: ManagePayConfigProps) {
  const t = translator(lang);
  const { message } = App.useApp();
  const [saved, setSaved] = useState(config);
  const [plans, setPlans] = useState<Plans>(() => ({
    generalMethods: config.generalMethods,
    hotelSeparate: config.hotelSeparate,
    hotelMethods: config.hotelMethods,
    combinedAllowed: config.combinedAllowed,
  }));
  const [drafts, setDrafts] = useState(
    () => Object.fromEntries(config.methods.map((m) => [m.method, draftOf(m)])) as Record<PaymentMethod, MethodDraft>,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const options = PAYMENT_METHODS.map((m) => ({ value: m, label: t(`payments:method.${m}`) }));

  async function save() {
    // Sent: methods saved before, enabled in a plan, or typed into; the others stay unsaved.
    const enabled = new Set([...plans.generalMethods, ...(plans.hotelSeparate ? plans.hotelMethods : [])]);
    const methods: MethodInput[] = saved.methods
      .filter(
        (m) =>
          m.titleZh || m.titleEn || Object.keys(m.fields).length || enabled.has(m.method) || touched(drafts[m.method]),
      )
      .map((m) => ({ method: m.method, ...drafts[m.method] }));
    setBusy(true);
    setErrors({});
    try {
      const next = await call(paymentsApi.saveConfig, {
        body: { ...plans, hotelMethods: plans.hotelSeparate ? plans.hotelMethods : [], methods },
      });
      setSaved(next);
      setDrafts(
        Object.fromEntries(next.methods.map((m) => [m.method, draftOf(m)])) as Record<PaymentMethod, MethodDraft>,
      );
      message.success(t('payments:saved'));
    } catch (err) {
      const e = err instanceof ApiError ? err : new ApiError(0, 'commonMsg.failed');
      // Every refused field at once. methods.<i>.<name> names the i-th method sent; the service names `<method>.<field>`.
      const named = (field: string) => {
        const indexed = field.match(/^methods\.(\d+)\.(\w+)/);
        return indexed ? `${methods[Number(indexed[1])]?.method}.${indexed[2]}` : field;
      };
      setErrors(Object.fromEntries(e.fields.map((f) => [named(f.field), f.message])));
      message.error(e.fields.length > 1 ? t('payments:fixAll', { count: e.fields.length }) : t(e.messageKey));
    } finally {
      setBusy(false);
    }
  }

  const planError = (name: string) => (errors[name] ? { validateStatus: 'error' as const, help: t(errors[name]) } : {});
  return (
    <div className="manage-pay-config">
      <Card size="small" title={t('payments:plans')} style={{ marginBottom: 16 }}>
        <Form
          layout={mobile ? 'vertical' : 'horizontal'}
          labelCol={mobile ? undefined : { flex: '200px' }}
          component="div"
        >
          <Form.Item
            label={t('payments:generalPlan')}
            required
            extra={t('payments:generalPlanHint')}
            {...planError('generalMethods')}
          >
            <Checkbox.Group
              options={options}
              value={plans.generalMethods}
              onChange={(v) => setPlans({ ...plans, generalMethods: v })}
            />
          </Form.Item>
          <Form.Item
            label={t('payments:hotelSeparate')}
            extra={plans.hotelSeparate ? undefined : t('payments:hotelPlanHint')}
          >
            <Switch
              checked={plans.hotelSeparate}
              onChange={(hotelSeparate) => setPlans({ ...plans, hotelSeparate })}
              aria-label={t('payments:hotelSeparate')}
            />
          </Form.Item>
          {plans.hotelSeparate ? (
            <Form.Item label={t('payments:hotelPlan')} required {...planError('hotelMethods')}>
              <Checkbox.Group
                options={options}
                value={plans.hotelMethods}
                onChange={(v) => setPlans({ ...plans, hotelMethods: v })}
              />
            </Form.Item>
          ) : null}
          <Form.Item label={t('payments:combinedAllowed')} extra={t('payments:combinedHint')}>
            <Radio.Group
              value={plans.combinedAllowed}
              onChange={(e) => setPlans({ ...plans, combinedAllowed: e.target.value as boolean })}
              options={[
                { value: true, label: t('payments:yes') },
                { value: false, label: t('payments:no') },
              ]}
            />
          </Form.Item>
        </Form>
      </Card>
      <h3>{t('payments:methods')}</h3>
      {saved.methods.map((m) => (
        <MethodCard
          key={m.method}
          t={t}
          view={m}
          draft={drafts[m.method]}
          errors={errors}
          onChange={(d) => setDrafts({ ...drafts, [m.method]: d })}
          onFileError={(key) => message.error(t(key))}
        />
      ))}
      <Button type="primary" onClick={save} loading={busy} block={mobile}>
        {t('payments:save')}
      </Button>
    </div>
  );
}

export default function ManagePayConfig(props: ManagePayConfigProps) {
  return (
    <AntdRoot lang={props.lang}>
      <PayConfig {...props} />
    </AntdRoot>
  );
}
