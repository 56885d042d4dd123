/** What the server hands the ReviewerTasks screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { ReviewerHome } from '../../server/contract/reviewing';
import type { Lang } from '../shared/locale';

export type ReviewerTasksProps = { lang: Lang; mobile: boolean; home: ReviewerHome; full: boolean };
