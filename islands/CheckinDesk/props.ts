/** What the server hands the CheckinDesk screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { DeskView } from '../../server/contract/checkin';
import type { Lang } from '../shared/locale';

export type CheckinDeskProps = { lang: Lang; mobile: boolean; desks: DeskView[]; conferenceId: number };
