/** What the server hands the AdminSuperAdmins screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { SuperAdminView } from '../../server/contract/accounts';
import type { Lang } from '../shared/locale';

export type SuperAdminItem = SuperAdminView;
export type AdminSuperAdminsProps = { lang: Lang; mobile: boolean; admins: SuperAdminItem[]; selfId: number };
