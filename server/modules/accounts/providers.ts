/**
 * Identity providers for single sign-on (spec 2.3, 2.5; docs/sso.md): the platform's passport
 * provider (OAuth2 code flow, at most one enabled) and institutional OIDC providers. Managed by
 * super admins. The client secret is write-only: no presenter ever returns it, and an update
 * with an empty secret keeps the stored one.
 */
import { cachedDataChanged } from '../../platform/changes';
import type { Db, Tx } from '../../db/index';
import type { ProviderInput, ProviderKind, ProviderView } from '../../contract/accounts';
import { insertId, lockForUpdate, toDbInstant } from '../../db/dialect';
import { AppError, notFound } from '../../platform/errors';

// The input rules and the view the API answers are the contract's (contract/accounts.ts).
export type { ProviderInput, ProviderKind, ProviderView };

export type ProviderRow = {
  id: number;
  kind: ProviderKind;
  name_zh: string;
  name_en: string;
  issuer: string | null;
  client_id: string;
  client_secret: string;
  authorize_url: string | null;
  token_url: string | null;
  userinfo_url: string | null;
  logout_url: string | null;
  logo: string;
  is_common: boolean | number;
  enabled: boolean | number;
  sort: number;
  created_at: string;
  updated_at: string;
};

/** A provider as stored and used by the sign-in flow: the view plus its secret (never sent to a browser). */
export type Provider = Omit<ProviderView, 'hasSecret'> & { clientSecret: string; updatedAt: string };

function fromRow(row: ProviderRow): Provider {
  return {
    id: Number(row.id),
    kind: row.kind,
    nameZh: row.name_zh,
    nameEn: row.name_en,
    issuer: row.issuer,
    clientId: row.client_id,
    clientSecret: row.client_secret,
    authorizeUrl: row.authorize_url,
    tokenUrl: row.token_url,
    userinfoUrl: row.userinfo_url,
    logoutUrl: row.logout_url,
    logo: row.logo ?? '',
    isCommon: Boolean(row.is_common),
    enabled: Boolean(row.enabled),
    sort: Number(row.sort),
    updatedAt: String(row.updated_at),
  };
}

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

// ---------------------------------------------------------------------------------------------
// Repo (identity providers are platform-wide: no conference id)

const TABLE = 'identity_providers';

function byOrder<T extends { sort: number; id: number }>(a: T, b: T): number {
  return a.sort - b.sort || a.id - b.id;
}

async function findRow(db: Db | Tx, id: number): Promise<Provider | null> {
  const row = await db<ProviderRow>(TABLE).where({ id }).first();
  return row ? fromRow(row) : null;
}

async function allRows(db: Db | Tx, where: Partial<Pick<ProviderRow, 'kind'>> & { enabled?: boolean } = {}): Promise<Provider[]> {
  const q = db<ProviderRow>(TABLE).select('*');
  if (where.kind) q.where('kind', where.kind);
  if (where.enabled !== undefined) q.where('enabled', where.enabled);
  return (await q).map(fromRow).sort(byOrder);
}

function columnsOf(input: ProviderInput, secret: string) {
  const oidc = input.kind === 'oidc';
  return {
    kind: input.kind,
    name_zh: input.nameZh,
    name_en: input.nameEn,
    // Each kind keeps only its own endpoints, so a kind change leaves nothing stale behind.
    issuer: oidc ? (input.issuer ?? null) : null,
    authorize_url: oidc ? null : (input.authorizeUrl ?? null),
    token_url: oidc ? null : (input.tokenUrl ?? null),
    userinfo_url: oidc ? null : (input.userinfoUrl ?? null),
    logout_url: oidc ? null : (input.logoutUrl ?? null),
    client_id: input.clientId,
    client_secret: secret,
    logo: input.logo,
    is_common: input.isCommon,
    enabled: input.enabled,
    sort: input.sort,
  };
}

// ---------------------------------------------------------------------------------------------
// Service

export class IdentityProviders {
  private readonly listeners: Array<(id: number) => void> = [];

  constructor(private readonly db: Db) {}

  /** Called with the provider id after every edit or deletion (the SSO client cache listens). */
  onChange(listener: (id: number) => void): void {
    this.listeners.push(listener);
  }

  listAll(): Promise<Provider[]> {
    return allRows(this.db);
  }

  listEnabled(kind?: ProviderKind): Promise<Provider[]> {
    return allRows(this.db, { enabled: true, ...(kind ? { kind } : {}) });
  }

  get(id: number): Promise<Provider | null> {
    return findRow(this.db, id);
  }

  /** An enabled provider of this id, or null. */
  async getEnabled(id: number): Promise<Provider | null> {
    const p = await findRow(this.db, id);
    return p?.enabled ? p : null;
  }

  /** The enabled passport provider, or null (there is at most one). */
  async passport(): Promise<Provider | null> {
    return (await this.listEnabled('passport'))[0] ?? null;
  }

  async create(input: ProviderInput): Promise<Provider> {
    if (!input.clientSecret) throw new AppError(400, 'sso.clientSecretRequired', 'clientSecret');
    const id = await this.db.transaction(async (tx) => {
      await this.checkSinglePassport(tx, input, null);
      const now = toDbInstant();
      return insertId(tx(TABLE).insert({ ...columnsOf(input, input.clientSecret), created_at: now, updated_at: now }));
    });
    this.changed(id);
    return (await findRow(this.db, id))!;
  }

  async update(id: number, input: ProviderInput): Promise<Provider> {
    await this.db.transaction(async (tx) => {
      const existing = await lockForUpdate(tx, tx<ProviderRow>(TABLE).where({ id })).first();
      if (!existing) throw notFound();
      await this.checkSinglePassport(tx, input, id);
      const secret = input.clientSecret || existing.client_secret;
      await tx(TABLE).where({ id }).update({ ...columnsOf(input, secret), updated_at: toDbInstant() });
    });
    this.changed(id);
    return (await findRow(this.db, id))!;
  }

  /** Deleting a provider also removes the links of accounts to it (their accounts stay). */
  async remove(id: number): Promise<void> {
    const deleted = await this.db.transaction(async (tx): Promise<number> => {
      await tx('user_identities').where({ provider_id: id }).delete();
      return Number(await tx(TABLE).where({ id }).delete());
    });
    if (!deleted) throw notFound();
    this.changed(id);
  }

  private async checkSinglePassport(tx: Tx, input: ProviderInput, selfId: number | null): Promise<void> {
    if (input.kind !== 'passport' || !input.enabled) return;
    const q = tx(TABLE).where({ kind: 'passport', enabled: true });
    if (selfId !== null) q.whereNot({ id: selfId });
    if (await lockForUpdate(tx, q).first()) throw new AppError(400, 'sso.passportExists', 'enabled');
  }

  private changed(id: number): void {
    // The sign-in pages of every conference list the common organisations (the pages the cache keeps).
    cachedDataChanged(this.db, { everyConference: true });
    for (const listener of this.listeners) listener(id);
  }
}
