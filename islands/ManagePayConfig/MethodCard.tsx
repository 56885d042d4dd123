/** One payment method's card: title and note in both languages and its fields; secrets are write-only. */
import type { ChangeEvent, ReactNode } from 'react';
import { Card, Col, Form, Input, Row, Select, Tag } from 'antd';
import {
  GATEWAY_ENVIRONMENTS,
  isSecretField,
  METHOD_FIELDS,
  PEM_MAX,
  type MethodField,
  type MethodView,
  type PaymentMethod,
} from '../../server/contract/payments';

export type MethodDraft = {
  titleZh: string;
  titleEn: string;
  noteZh: string;
  noteEn: string;
  fields: Record<string, string>;
};
type Props = {
  t: (key: string) => string;
  view: MethodView;
  draft: MethodDraft;
  errors: Record<string, string>;
  onChange: (draft: MethodDraft) => void;
  onFileError: (key: string) => void;
};

const TEXTS = ['titleZh', 'titleEn', 'noteZh', 'noteEn'] as const;

/** Fields whose value is easy to get wrong carry a hint (payments:hint.<group>.<field>): where it comes from, what form it may take. */
const HINTED: Partial<Record<PaymentMethod, { group: string; fields: readonly string[] }>> = {
  cardForeign: { group: 'card', fields: ['rootCertificate', 'middleCertificate'] },
  cardDomestic: { group: 'card', fields: ['rootCertificate', 'middleCertificate'] },
  walletB: { group: 'walletB', fields: ['merchantId', 'privateKey', 'alipayPublicKey'] },
};

export function errorPath(method: PaymentMethod, name: string): string {
  return `${method}.${name}`;
}

function pkcs12Block(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  const lines = btoa(binary).match(/.{1,64}/g) ?? [];
  return `-----BEGIN PKCS12-----\n${lines.join('\n')}\n-----END PKCS12-----\n`;
}

function PemInput({
  value,
  onChange,
  t,
  onFileError,
  label,
}: {
  value: string;
  onChange: (v: string) => void;
  t: Props['t'];
  onFileError: Props['onFileError'];
  label: string;
}) {
  // Read on the device: the text is sent with the form, like pasted text.
  async function read(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (file.size > PEM_MAX) return onFileError('payments:fileTooLarge');
    // A PKCS#12 file (.pfx, .p12) is binary: kept as a "PKCS12" PEM block of its bytes.
    if (/\.(pfx|p12)$/i.test(file.name)) return onChange(pkcs12Block(new Uint8Array(await file.arrayBuffer())));
    onChange(await file.text());
  }
  return (
    <>
      <Input.TextArea
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoSize={{ minRows: 2, maxRows: 8 }}
        spellCheck={false}
        autoComplete="off"
        aria-label={label}
        style={{ fontFamily: 'monospace' }}
      />
      <label style={{ display: 'inline-block', marginTop: 4, cursor: 'pointer', color: '#1d4ed8' }}>
        {t('payments:uploadPem')}
        <input
          type="file"
          accept=".pem,.crt,.cer,.key,.pfx,.p12,text/plain"
          onChange={read}
          style={{ display: 'none' }}
        />
      </label>
    </>
  );
}

export function MethodCard({ t, view, draft, errors, onChange, onFileError }: Props) {
  const setField = (name: string, value: string) => onChange({ ...draft, fields: { ...draft.fields, [name]: value } });
  const errorOf = (name: string) =>
    errors[errorPath(view.method, name)]
      ? { validateStatus: 'error' as const, help: t(errors[errorPath(view.method, name)]) }
      : {};

  function input(f: MethodField) {
    const label = t(`payments:field.${f.name}`);
    const value = draft.fields[f.name] ?? '';
    if (f.kind === 'pem')
      return (
        <PemInput value={value} onChange={(v) => setField(f.name, v)} t={t} onFileError={onFileError} label={label} />
      );
    if (f.kind === 'html')
      return (
        <Input.TextArea
          value={value}
          onChange={(e) => setField(f.name, e.target.value)}
          autoSize={{ minRows: 4, maxRows: 16 }}
          aria-label={label}
        />
      );
    if (f.kind === 'environment')
      return (
        <Select
          value={value || 'production'}
          onChange={(v: string) => setField(f.name, v)}
          aria-label={label}
          options={GATEWAY_ENVIRONMENTS.map((e) => ({ value: e, label: t(`payments:environment.${e}`) }))}
        />
      );
    if (f.kind === 'secret')
      return (
        <Input.Password
          value={value}
          onChange={(e) => setField(f.name, e.target.value)}
          autoComplete="new-password"
          aria-label={label}
        />
      );
    return (
      <Input value={value} onChange={(e) => setField(f.name, e.target.value)} autoComplete="off" aria-label={label} />
    );
  }

  function state(f: MethodField): string | undefined {
    if (!isSecretField(f)) return undefined;
    const set = view.secrets[f.name]?.set ? t('payments:secretSet') : t('payments:secretNotSet');
    return f.kind === 'pem' ? `${set}. ${t('payments:pemHint')}` : set;
  }

  function extra(f: MethodField): ReactNode {
    const hinted = HINTED[view.method];
    const lines = [
      state(f),
      hinted?.fields.includes(f.name) ? t(`payments:hint.${hinted.group}.${f.name}`) : undefined,
    ].filter(Boolean);
    return lines.length ? lines.map((line) => <div key={line}>{line}</div>) : undefined;
  }

  return (
    <Card
      size="small"
      title={t(`payments:method.${view.method}`)}
      extra={
        <>
          <Tag>{t(view.online ? 'payments:online' : 'payments:offline')}</Tag>
          <Tag color={view.configured ? 'green' : undefined}>
            {t(view.configured ? 'payments:configured' : 'payments:notConfigured')}
          </Tag>
        </>
      }
      style={{ marginBottom: 12 }}
    >
      <Form layout="vertical" component="div">
        <Row gutter={12}>
          {TEXTS.map((name) => (
            <Col xs={24} md={12} key={name}>
              <Form.Item label={t(`payments:${name}`)} {...errorOf(name)}>
                {name.startsWith('title') ? (
                  <Input
                    value={draft[name]}
                    onChange={(e) => onChange({ ...draft, [name]: e.target.value })}
                    placeholder={t(`payments:method.${view.method}`)}
                    aria-label={`${t(`payments:method.${view.method}`)}: ${t(`payments:${name}`)}`}
                  />
                ) : (
                  <Input.TextArea
                    value={draft[name]}
                    onChange={(e) => onChange({ ...draft, [name]: e.target.value })}
                    autoSize={{ minRows: 1, maxRows: 6 }}
                    aria-label={`${t(`payments:method.${view.method}`)}: ${t(`payments:${name}`)}`}
                  />
                )}
              </Form.Item>
            </Col>
          ))}
          {METHOD_FIELDS[view.method].map((f) => (
            <Col
              xs={24}
              md={f.kind === 'text' || f.kind === 'secret' || f.kind === 'environment' ? 12 : 24}
              key={f.name}
            >
              <Form.Item
                label={t(`payments:field.${f.name}`)}
                required={f.required}
                extra={extra(f)}
                {...errorOf(f.name)}
              >
                {input(f)}
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Form>
    </Card>
  );
}
