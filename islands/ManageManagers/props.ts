/** What the server hands the ManageManagers screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { ManagerView } from '../../server/contract/conferences';
import type { Lang } from '../shared/locale';

export type ManagerItem = ManagerView;
export type ManageManagersProps = { lang: Lang; mobile: boolean; managers: ManagerItem[]; selfId: number };
