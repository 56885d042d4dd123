/**
 * Identity providers (`identity_providers`) and the accounts' links to them (`user_identities`).
 * Providers are platform-wide: no conference id. Rows leave here as `Provider`s, ids as numbers.
 */
import type { Db, Tx } from '../../db/index';
import type { ProviderInput, ProviderKind, ProviderView } from '../../contract/accounts';
import { insertId, lockForUpdate } from '../../db/dialect';

/** A provider as stored; booleans as the dialect gives them back. */
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

const TABLE = 'identity_providers';

function byOrder<T extends { sort: number; id: number }>(a: T, b: T): number {
  return a.sort - b.sort || a.id - b.id;
}

export async function findProvider(db: Db | Tx, id: number): Promise<Provider | null> {
  const row = await db(TABLE).where({ id }).first();
  return row ? fromRow(row) : null;
}

export async function listProviders(
  db: Db | Tx,
  where: Partial<Pick<ProviderRow, 'kind'>> & { enabled?: boolean } = {},
): Promise<Provider[]> {
  const q = db(TABLE).select('*');
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

/** An identity link as stored: the provider's subject for one of our accounts. */
export type IdentityRow = { provider_id: number; subject: string; user_id: number; created_at: string };

export function insertProvider(tx: Tx, input: ProviderInput, secret: string, now: string): Promise<number> {
  return insertId(tx(TABLE).insert({ ...columnsOf(input, secret), created_at: now, updated_at: now }));
}

/** The provider, its row locked for the rest of the transaction (on MariaDB); null when there is none. */
export async function lockProvider(tx: Tx, id: number): Promise<Provider | null> {
  const row = await lockForUpdate(tx, tx(TABLE).where({ id })).first();
  return row ? fromRow(row) : null;
}

export async function updateProvider(tx: Tx, id: number, input: ProviderInput, secret: string, now: string) {
  await tx(TABLE)
    .where({ id })
    .update({ ...columnsOf(input, secret), updated_at: now });
}

/** Deletes the provider and the links of accounts to it (the accounts stay); answers how many providers went. */
export async function deleteProvider(tx: Tx, id: number): Promise<number> {
  await tx('user_identities').where({ provider_id: id }).delete();
  return Number(await tx(TABLE).where({ id }).delete());
}

/** Whether an enabled passport provider other than `selfId` exists, its row locked (on MariaDB). */
export async function otherEnabledPassportLocked(tx: Tx, selfId: number | null): Promise<boolean> {
  const q = tx(TABLE).where({ kind: 'passport', enabled: true });
  if (selfId !== null) q.whereNot({ id: selfId });
  return Boolean(await lockForUpdate(tx, q).first());
}

/** The account linked to this subject at this provider, or null. */
export async function linkedUserId(tx: Tx, providerId: number, subject: string): Promise<number | null> {
  const link = await tx('user_identities').where({ provider_id: providerId, subject }).first();
  return link ? Number(link.user_id) : null;
}

export async function insertIdentity(tx: Tx, link: IdentityRow): Promise<void> {
  await tx('user_identities').insert(link);
}
