/** What the server hands the ManageOverview screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { OverviewPanelView } from '../../server/contract/overview';
import type { Lang } from '../shared/locale';

export type ManageOverviewProps = { lang: Lang; mobile: boolean; panels: OverviewPanelView[] };
