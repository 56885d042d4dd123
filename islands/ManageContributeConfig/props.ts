/** What the server hands the ManageContributeConfig screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { ContributeConfig } from '../../server/contract/submissions';
import type { Lang } from '../shared/locale';

export type ManageContributeConfigProps = { lang: Lang; mobile: boolean; config: ContributeConfig };
