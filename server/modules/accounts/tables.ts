/**
 * The accounts feature's tables, typed for knex (`db('users')` yields a `UserRow`), as the
 * database stores them; the declarations merge into knex's one `Tables` interface (pattern:
 * server/platform/tables.ts). The repositories hand out rows clean for use.
 */
import type { RoleRow, SuperAdminRow, UserRow } from './repo';
import type { CodeRow } from './codesRepo';
import type { HandoffRow } from './handoffRepo';
import type { IdentityRow, ProviderRow } from './providersRepo';

declare module 'knex/types/tables' {
  interface Tables {
    users: UserRow;
    user_identities: IdentityRow;
    identity_providers: ProviderRow;
    verification_codes: CodeRow;
    session_handoffs: HandoffRow;
    super_admins: SuperAdminRow;
    conference_roles: RoleRow;
  }
}
