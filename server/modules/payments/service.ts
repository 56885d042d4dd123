/**
 * The payment configuration's rules (spec 3 "Payment config", 5) and what the orders feature asks
 * of it: the methods of a plan, whether several orders may be paid together, a method's provider
 * and its opened configuration.
 *
 * Secret fields are sealed at rest (one sealed JSON value per method, purpose 'payments') and
 * never leave this service except through configOf, which only server code calls. The view tells
 * a browser which secrets are set; an empty secret in a save keeps the saved one.
 */
import type { ZodError } from 'zod';
import type { Db, Tx } from '../../db/index';
import { inTransaction } from '../../db/transaction';
import { AppError, FieldProblems, type FieldProblem } from '../../platform/errors';
import { t } from '../../platform/i18n';
import { sanitizeHtml } from '../../platform/sanitize';
import { sealer, type Sealer } from '../../platform/sealed';
import {
  configSchemaOf,
  isOnline,
  isSecretField,
  METHOD_FIELDS,
  PAYMENT_METHODS,
  type MethodConfig,
  type MethodInput,
  type MethodView,
  type PayConfigInput,
  type PayConfigView,
  type PaymentMethod,
  type PaymentPlan,
  type PayOption,
} from '../../contract/payments';
import type { PaymentProvider } from './provider';
import { providerRegistry, type ProviderRegistry } from './registry';
import * as repo from './repo';

const unique = <T>(list: readonly T[]): T[] => [...new Set(list)];

/** A zod failure of one method's fields as the envelope's error: every field it refuses, named `<method>.<field>`. */
function fieldError(method: PaymentMethod, error: ZodError): AppError {
  return new FieldProblems(problemsOf(method, error));
}

/** One problem per refused field (zod may refuse one field twice: its first message). */
function problemsOf(method: PaymentMethod, error: ZodError): FieldProblem[] {
  const seen = new Set<string>();
  return error.issues
    .map((issue) => ({ field: `${method}.${issue.path.join('.')}`, message: issue.message }))
    .filter((p) => !seen.has(p.field) && Boolean(seen.add(p.field)));
}

export class PaymentService {
  private readonly sealed: Sealer;

  constructor(
    private readonly db: Db,
    secret: string,
    private readonly providers: ProviderRegistry = providerRegistry(),
  ) {
    this.sealed = sealer(secret, 'payments');
  }

  provider(method: PaymentMethod): PaymentProvider {
    return this.providers.get(method)!;
  }

  private secretsOf(stored: repo.StoredMethod | null | undefined): MethodConfig {
    return stored?.sealedSecrets ? (JSON.parse(this.sealed.open(stored.sealedSecrets)) as MethodConfig) : {};
  }

  private configOfStored(stored: repo.StoredMethod | null | undefined): MethodConfig {
    return { ...stored?.fields, ...this.secretsOf(stored) };
  }

  /** The settings and every method, without a secret's value. */
  async settingsView(conferenceId: number): Promise<PayConfigView> {
    const [settings, stored] = await Promise.all([
      repo.findSettings(this.db, conferenceId),
      repo.findMethods(this.db, conferenceId),
    ]);
    const methods = PAYMENT_METHODS.map((method): MethodView => {
      const row = stored.get(method);
      const secrets = this.secretsOf(row);
      return {
        method,
        online: isOnline(method),
        titleZh: row?.titleZh ?? '',
        titleEn: row?.titleEn ?? '',
        noteZh: row?.noteZh ?? '',
        noteEn: row?.noteEn ?? '',
        fields: { ...row?.fields },
        secrets: Object.fromEntries(
          this.provider(method).secretFields.map((name) => [name, { set: Boolean(secrets[name]) }]),
        ),
        configured: Boolean(row) && this.provider(method).configSchema.safeParse(this.configOfStored(row)).success,
      };
    });
    return { ...settings, methods };
  }

  /**
   * Saves the plans and the given methods in one transaction; a refusal changes nothing. Rules:
   * at least one general method; hotel methods only with a separate hotel plan (and then at least
   * one); every method of a plan completely configured; a method in no plan may be a draft.
   */
  async save(conferenceId: number, input: PayConfigInput): Promise<PayConfigView> {
    const settings: repo.Settings = {
      generalMethods: unique(input.generalMethods),
      hotelSeparate: input.hotelSeparate,
      hotelMethods: unique(input.hotelMethods),
      combinedAllowed: input.combinedAllowed,
    };
    // What the plans lack and what each method of a plan lacks are reported together (checked below).
    const planProblems: FieldProblem[] = [];
    if (!settings.generalMethods.length)
      planProblems.push({ field: 'generalMethods', message: 'payments:generalRequired' });
    if (!settings.hotelSeparate && settings.hotelMethods.length)
      throw new AppError(400, 'payments:hotelPlanOff', { field: 'hotelMethods' });
    if (settings.hotelSeparate && !settings.hotelMethods.length)
      planProblems.push({ field: 'hotelMethods', message: 'payments:hotelRequired' });
    if (unique(input.methods.map((m) => m.method)).length !== input.methods.length)
      throw new AppError(400, 'payments:methodTwice', { field: 'methods' });
    // Cleaning HTML is slow and pure: done once, before the transaction (which may run again).
    const given = input.methods.map((m) =>
      m.method === 'other' && m.fields.html ? { ...m, fields: { ...m.fields, html: sanitizeHtml(m.fields.html) } } : m,
    );
    const enabled = unique([...settings.generalMethods, ...settings.hotelMethods]);

    await inTransaction(this.db, async (tx) => {
      const stored = await repo.findMethods(tx, conferenceId);
      for (const m of given) stored.set(m.method, this.merged(m, stored.get(m.method)));
      const missing = [...planProblems];
      const complete: Array<[PaymentMethod, MethodConfig]> = [];
      for (const method of enabled) {
        const checked = this.provider(method).configSchema.safeParse(this.configOfStored(stored.get(method)));
        if (checked.success) complete.push([method, checked.data]);
        else missing.push(...problemsOf(method, checked.error));
      }
      if (missing.length) throw new FieldProblems(missing);
      for (const [method, config] of complete) {
        // A key that does not parse, a certificate password that does not open the key file: the
        // gateway's own checks, with the field named as `<method>.<field>`.
        try {
          this.provider(method).checkConfig?.(config);
        } catch (err) {
          if (err instanceof AppError && err.field && !err.field.includes('.'))
            throw new AppError(err.status, err.messageKey, { field: `${method}.${err.field}` });
          throw err;
        }
      }
      await repo.writeSettings(tx, conferenceId, settings);
      await this.writeGiven(
        tx,
        conferenceId,
        given.map((m) => stored.get(m.method)!),
      );
    });
    return this.settingsView(conferenceId);
  }

  /** A method's input over what is saved: an empty secret keeps the saved one; formats checked. */
  private merged(input: MethodInput, stored: repo.StoredMethod | undefined): repo.StoredMethod {
    const saved = this.secretsOf(stored);
    const raw: MethodConfig = {};
    for (const f of METHOD_FIELDS[input.method])
      raw[f.name] = (input.fields[f.name] ?? '') || (isSecretField(f) ? (saved[f.name] ?? '') : '');
    const parsed = configSchemaOf(input.method, { draft: true }).safeParse(this.normalized(input.method, raw));
    if (!parsed.success) throw fieldError(input.method, parsed.error);
    const fields: MethodConfig = {};
    const secrets: MethodConfig = {};
    for (const f of METHOD_FIELDS[input.method]) {
      const value = parsed.data[f.name];
      if (!isSecretField(f)) fields[f.name] = value;
      else if (value) secrets[f.name] = value;
    }
    return {
      method: input.method,
      titleZh: input.titleZh,
      titleEn: input.titleEn,
      noteZh: input.noteZh,
      noteEn: input.noteEn,
      fields,
      sealedSecrets: Object.keys(secrets).length ? this.sealed.seal(JSON.stringify(secrets)) : null,
    };
  }

  /** The provider's rewriting of what was typed (normalizeConfig), its refusal named `<method>.<field>`. */
  private normalized(method: PaymentMethod, raw: MethodConfig): MethodConfig {
    try {
      return this.provider(method).normalizeConfig?.(raw) ?? raw;
    } catch (err) {
      if (err instanceof AppError && err.field && !err.field.includes('.'))
        throw new AppError(err.status, err.messageKey, { field: `${method}.${err.field}` });
      throw err;
    }
  }

  private async writeGiven(tx: Tx, conferenceId: number, methods: repo.StoredMethod[]): Promise<void> {
    for (const m of methods) await repo.writeMethod(tx, conferenceId, m);
  }

  /**
   * What a payer is offered for a plan. Without a separate hotel plan, hotels are paid with the
   * general one. A method's empty title falls back to its name.
   */
  async methodsFor(conferenceId: number, plan: PaymentPlan): Promise<PayOption[]> {
    const [settings, stored] = await Promise.all([
      repo.findSettings(this.db, conferenceId),
      repo.findMethods(this.db, conferenceId),
    ]);
    const list = plan === 'hotel' && settings.hotelSeparate ? settings.hotelMethods : settings.generalMethods;
    return list.map((method) => {
      const row = stored.get(method);
      return {
        method,
        titleZh: row?.titleZh || t('zh', `payments:method.${method}`),
        titleEn: row?.titleEn || t('en', `payments:method.${method}`),
        noteZh: row?.noteZh ?? '',
        noteEn: row?.noteEn ?? '',
        online: this.provider(method).online,
      };
    });
  }

  async combinedAllowed(conferenceId: number): Promise<boolean> {
    return (await repo.findSettings(this.db, conferenceId)).combinedAllowed;
  }

  /** The method's opened configuration, for its provider (server only: it holds the secrets); null when never saved. */
  async configOf(conferenceId: number, method: PaymentMethod): Promise<MethodConfig | null> {
    const stored = await repo.findMethod(this.db, conferenceId, method);
    return stored ? this.configOfStored(stored) : null;
  }
}
