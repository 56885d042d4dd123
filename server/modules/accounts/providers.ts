/**
 * Identity providers for single sign-on (spec 2.3, 2.5; docs/sso.md): the platform's passport
 * provider (OAuth2 code flow, at most one enabled) and institutional OIDC providers. Managed by
 * super admins. The client secret is write-only: no presenter ever returns it, and an update
 * with an empty secret keeps the stored one.
 */
import { cachedDataChanged } from '../../platform/changes';
import type { Db, Tx } from '../../db/index';
import type { ProviderInput, ProviderKind, ProviderView } from '../../contract/accounts';
import { toDbInstant } from '../../db/dialect';
import { AppError, notFound } from '../../platform/errors';
import {
  deleteProvider,
  findProvider,
  insertProvider,
  listProviders,
  lockProvider,
  otherEnabledPassportLocked,
  updateProvider,
  type Provider,
} from './providersRepo';

// The input rules and the view the API answers are the contract's (contract/accounts.ts).
export type { ProviderInput, ProviderKind, ProviderView };
export type { Provider };

export function presentProvider(p: Provider): ProviderView {
  // The secret is picked out by name so that a new column can never leak through a spread.
  return {
    id: p.id,
    kind: p.kind,
    nameZh: p.nameZh,
    nameEn: p.nameEn,
    issuer: p.issuer,
    clientId: p.clientId,
    authorizeUrl: p.authorizeUrl,
    tokenUrl: p.tokenUrl,
    userinfoUrl: p.userinfoUrl,
    logoutUrl: p.logoutUrl,
    logo: p.logo,
    isCommon: p.isCommon,
    enabled: p.enabled,
    sort: p.sort,
    hasSecret: p.clientSecret.length > 0,
  };
}

export class IdentityProviders {
  private readonly listeners: Array<(id: number) => void> = [];

  constructor(private readonly db: Db) {}

  /** Called with the provider id after every edit or deletion (the SSO client cache listens). */
  onChange(listener: (id: number) => void): void {
    this.listeners.push(listener);
  }

  listAll(): Promise<Provider[]> {
    return listProviders(this.db);
  }

  listEnabled(kind?: ProviderKind): Promise<Provider[]> {
    return listProviders(this.db, { enabled: true, ...(kind ? { kind } : {}) });
  }

  get(id: number): Promise<Provider | null> {
    return findProvider(this.db, id);
  }

  /** An enabled provider of this id, or null. */
  async getEnabled(id: number): Promise<Provider | null> {
    const p = await findProvider(this.db, id);
    return p?.enabled ? p : null;
  }

  /** The enabled passport provider, or null (there is at most one). */
  async passport(): Promise<Provider | null> {
    return (await this.listEnabled('passport'))[0] ?? null;
  }

  async create(input: ProviderInput): Promise<Provider> {
    if (!input.clientSecret) throw new AppError(400, 'sso.clientSecretRequired', { field: 'clientSecret' });
    const id = await this.db.transaction(async (tx) => {
      await this.checkSinglePassport(tx, input, null);
      return insertProvider(tx, input, input.clientSecret, toDbInstant());
    });
    this.changed(id);
    return (await findProvider(this.db, id))!;
  }

  async update(id: number, input: ProviderInput): Promise<Provider> {
    await this.db.transaction(async (tx) => {
      const existing = await lockProvider(tx, id);
      if (!existing) throw notFound();
      await this.checkSinglePassport(tx, input, id);
      const secret = input.clientSecret || existing.clientSecret;
      await updateProvider(tx, id, input, secret, toDbInstant());
    });
    this.changed(id);
    return (await findProvider(this.db, id))!;
  }

  /** Deleting a provider also removes the links of accounts to it (their accounts stay). */
  async remove(id: number): Promise<void> {
    const deleted = await this.db.transaction((tx) => deleteProvider(tx, id));
    if (!deleted) throw notFound();
    this.changed(id);
  }

  private async checkSinglePassport(tx: Tx, input: ProviderInput, selfId: number | null): Promise<void> {
    if (input.kind !== 'passport' || !input.enabled) return;
    if (await otherEnabledPassportLocked(tx, selfId))
      throw new AppError(400, 'sso.passportExists', { field: 'enabled' });
  }

  private changed(id: number): void {
    // The sign-in pages of every conference list the common organisations (the pages the cache keeps).
    cachedDataChanged(this.db, { everyConference: true });
    for (const listener of this.listeners) listener(id);
  }
}
