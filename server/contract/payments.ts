/**
 * The payment configuration (spec 3 "Payment config", 5; issue 12 "The payment contract"): the
 * eight methods and their fields, the general and the separate hotel plan, combined payment, and
 * the manager's calls at /platform/config/pay. Secret fields are write-only: the view says which
 * are set, never their values; an empty input keeps the saved value. No Node imports here.
 */
import { z } from 'zod';
import { endpoint } from './endpoint';

export const PAYMENT_METHODS = [
  'cardForeign',
  'cardDomestic',
  'walletA',
  'walletB',
  'onlineWallet',
  'bankRemit',
  'postalRemit',
  'other',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Paid through a gateway (issue 13); configurable now. The others are paid offline and confirmed by a manager. */
export const ONLINE_METHODS: readonly PaymentMethod[] = [
  'cardForeign',
  'cardDomestic',
  'walletA',
  'walletB',
  'onlineWallet',
];
export const isOnline = (method: PaymentMethod): boolean => ONLINE_METHODS.includes(method);

export const PAYMENT_PLANS = ['general', 'hotel'] as const;
export type PaymentPlan = (typeof PAYMENT_PLANS)[number];

/**
 * text: one line; secret: a password or key, sealed at rest; pem: a certificate or key as PEM
 * text (pasted or read from a file; a binary PKCS#12 file is read as a "PKCS12" PEM block), sealed
 * at rest; html: the managers' rich text, cleaned on save; environment: the gateway's production
 * or sandbox hosts (the platform's operator may point a method elsewhere: PAYMENT_GATEWAY_URLS).
 */
export type FieldKind = 'text' | 'secret' | 'pem' | 'html' | 'environment';
export const GATEWAY_ENVIRONMENTS = ['production', 'sandbox'] as const;
export type GatewayEnvironment = (typeof GATEWAY_ENVIRONMENTS)[number];
/** A text field's format, checked when it is filled: a BIC (SWIFT code) or an IBAN. */
export type FieldFormat = 'bic' | 'iban';
export type MethodField = {
  readonly name: string;
  readonly kind: FieldKind;
  readonly required: boolean;
  readonly format?: FieldFormat;
};
export const isSecretField = (f: MethodField): boolean => f.kind === 'secret' || f.kind === 'pem';

const field = (name: string, kind: FieldKind, required = true, format?: FieldFormat): MethodField => ({
  name,
  kind,
  required,
  ...(format ? { format } : {}),
});
const ENVIRONMENT = field('environment', 'environment', false);
// The card processor speaks the UnionPay online gateway 5.1.0 (docs/payment-gateways.md maps the
// fields): merchantId is merId; spec 3's "certificate" is UnionPay's root and intermediate CA
// certificates from its kit (acp_*_root.cer, acp_*_middle.cer), which vouch for the signing
// certificate every message carries, as UnionPay's SDK checks it (a pinned signing certificate
// would refuse every message once UnionPay renews it); privateKeyCertificate is the merchant's
// PKCS#12 signing certificate, certificatePassword its password (a key file may be unprotected,
// so it is optional). terminalNo and payPassword are the bank's own records.
const CARD: readonly MethodField[] = [
  field('merchantId', 'text'),
  field('payPassword', 'secret'),
  field('terminalNo', 'text'),
  field('rootCertificate', 'pem'),
  field('middleCertificate', 'pem'),
  field('privateKeyCertificate', 'pem'),
  field('certificatePassword', 'secret', false),
  ENVIRONMENT,
];

/**
 * Each method's fields: spec 3's first, then what the gateway's protocol needs besides
 * (docs/payment-gateways.md says what each is and where a conference gets it).
 */
export const METHOD_FIELDS: Record<PaymentMethod, readonly MethodField[]> = {
  cardForeign: CARD,
  cardDomestic: CARD,
  // WeChat Pay API v3: merchantId is mchid, merchantKey the APIv3 key; the notifications are checked
  // with the platform certificate or the platform public key (one of the two is required).
  walletA: [
    field('merchantId', 'text'),
    field('merchantKey', 'secret'),
    field('appId', 'text'),
    field('merchantSerialNo', 'text'),
    field('privateKey', 'pem'),
    field('platformCertificate', 'pem', false),
    field('platformPublicKeyId', 'text', false),
    field('platformPublicKey', 'pem', false),
    ENVIRONMENT,
  ],
  // Alipay open platform: merchantId is the seller's PID, appId the application's id.
  walletB: [
    field('merchantId', 'text'),
    field('appId', 'text'),
    field('privateKey', 'pem'),
    field('alipayPublicKey', 'pem'),
    ENVIRONMENT,
  ],
  // PayPal REST: the webhook's id is needed to verify its notifications.
  onlineWallet: [field('clientId', 'text'), field('clientSecret', 'secret'), field('webhookId', 'text'), ENVIRONMENT],
  // Spec 3's three, then what a transfer from abroad needs (issue 32): the payee's and the bank's
  // names in English (shown on the English pay page), the bank's BIC (SWIFT code) and an IBAN
  // where the account has one (China's do not; a bank abroad's do).
  bankRemit: [
    field('accountName', 'text'),
    field('account', 'text'),
    field('bankName', 'text'),
    field('accountNameEn', 'text', false),
    field('bankNameEn', 'text', false),
    field('swift', 'text', false, 'bic'),
    field('iban', 'text', false, 'iban'),
  ],
  postalRemit: [field('payeeName', 'text'), field('address', 'text'), field('postCode', 'text', false)],
  other: [field('html', 'html')],
};

/**
 * A BIC (ISO 9362, the SWIFT code): bank (4 letters), country (2 letters), location (2 letters or
 * digits), and an optional branch (3), 8 or 11 characters; spaces are not part of it.
 */
export function isBic(v: string): boolean {
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(v);
}

/** An IBAN (ISO 13616): country, two check digits, up to 30 letters or digits, whose mod-97 check is 1. */
export function isIban(v: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(v)) return false;
  const moved = v.slice(4) + v.slice(0, 4);
  let rest = 0;
  for (const c of moved) {
    const n = c >= 'A' ? String(c.charCodeAt(0) - 55) : c;
    for (const d of n) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1;
}

/** A BIC or IBAN as it is kept and shown: capitals, without the spaces people type in groups. */
export const compactCode = (v: string): string => v.replace(/\s+/g, '').toUpperCase();

/** An IBAN in its printed form: groups of four (ISO 13616's paper format). */
export const ibanGroups = (v: string): string => compactCode(v).replace(/(.{4})(?=.)/g, '$1 ');

export const PEM_MAX = 64 * 1024;
const TEXT_MAX = 200;
const HTML_MAX = 100_000;
const PEM_PATTERN = /-----BEGIN [A-Z0-9 ]+-----[\s\S]+-----END [A-Z0-9 ]+-----/;

/** The message key of a required field left empty: one per field (spec 5 "Required"). */
export const requiredKey = (name: string) => `payments:required.${name}`;

function fieldSchema(f: MethodField, draft: boolean) {
  // Not chosen (an empty field, a method saved before the field existed): production.
  if (f.kind === 'environment')
    return z.preprocess(
      (v) => (v === '' || v == null ? undefined : v),
      z.enum(GATEWAY_ENVIRONMENTS, { message: 'payments:environmentInvalid' }).default('production'),
    );
  const max = f.kind === 'pem' ? PEM_MAX : f.kind === 'html' ? HTML_MAX : TEXT_MAX;
  // Passwords and keys are kept exactly as typed; lines and PEM text lose their outer blanks.
  const text = f.kind === 'secret' ? z.string() : f.format ? z.string().transform(compactCode) : z.string().trim();
  return text.default('').superRefine((v, ctx) => {
    const problem =
      v.length > max
        ? f.kind === 'pem'
          ? 'payments:certificateTooLarge'
          : 'payments:tooLong'
        : !v
          ? f.required && !draft
            ? requiredKey(f.name)
            : null
          : f.kind === 'pem' && !PEM_PATTERN.test(v)
            ? 'payments:certificateInvalid'
            : f.format === 'bic' && !isBic(v)
              ? 'payments:bicInvalid'
              : f.format === 'iban' && !isIban(v)
                ? 'payments:ibanInvalid'
                : null;
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
}

/**
 * A method's whole configuration (public and secret fields together), as its provider checks it.
 * A draft (a method saved but in no plan) may leave required fields empty; its lengths and
 * certificates are still checked.
 */
export function configSchemaOf(method: PaymentMethod, { draft = false } = {}) {
  return z.object(
    Object.fromEntries(METHOD_FIELDS[method].map((f) => [f.name, fieldSchema(f, draft)])) as Record<
      string,
      ReturnType<typeof fieldSchema>
    >,
  );
}
export type MethodConfig = Record<string, string>;

const methodField = z.enum(PAYMENT_METHODS, { message: 'payments:methodInvalid' });
const planField = z.array(methodField).max(PAYMENT_METHODS.length, 'payments:methodInvalid').default([]);

export const methodInput = z.object({
  method: methodField,
  titleZh: z.string().trim().max(100, 'payments:titleTooLong').default(''),
  titleEn: z.string().trim().max(100, 'payments:titleTooLong').default(''),
  noteZh: z.string().trim().max(2000, 'payments:noteTooLong').default(''),
  noteEn: z.string().trim().max(2000, 'payments:noteTooLong').default(''),
  /** the method's fields by name; a secret left empty keeps its saved value */
  fields: z.record(z.string().max(40), z.string().max(HTML_MAX, 'payments:tooLong')).default({}),
});
export type MethodInput = z.infer<typeof methodInput>;

export const payConfigInput = z.object({
  generalMethods: planField,
  hotelSeparate: z.boolean().default(false),
  /** only with a separate hotel plan; otherwise hotels use the general plan */
  hotelMethods: planField,
  combinedAllowed: z.boolean().default(false),
  /** the methods whose title, note or fields are saved; the others keep what they have */
  methods: z.array(methodInput).max(PAYMENT_METHODS.length, 'payments:methodInvalid').default([]),
});
export type PayConfigInput = z.infer<typeof payConfigInput>;

/** A method as the manager's screen shows it: public fields, and for each secret only whether it is set. */
export type MethodView = {
  method: PaymentMethod;
  online: boolean;
  titleZh: string;
  titleEn: string;
  noteZh: string;
  noteEn: string;
  fields: Record<string, string>;
  secrets: Record<string, { set: boolean }>;
  /** saved and complete: it may be enabled in a plan */
  configured: boolean;
};

export type PayConfigView = {
  generalMethods: PaymentMethod[];
  hotelSeparate: boolean;
  hotelMethods: PaymentMethod[];
  combinedAllowed: boolean;
  methods: MethodView[];
};

/** What a payer is offered for a plan (the pay page; no configuration). */
export type PayOption = {
  method: PaymentMethod;
  titleZh: string;
  titleEn: string;
  noteZh: string;
  noteEn: string;
  online: boolean;
};

const CONFIG = '/conference/platform/config/pay';

export const paymentsApi = {
  config: endpoint<PayConfigView>()({ method: 'GET', path: CONFIG }),
  saveConfig: endpoint<PayConfigView>()({ method: 'POST', path: CONFIG, body: payConfigInput, done: 'payments:saved' }),
};
