/** What the server hands the PublicationActions screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { PublicationState } from '../../server/contract/conferences';
import type { Lang } from '../shared/locale';

export type PublicationStateView = PublicationState;
export type PublicationActionsProps = { lang: Lang; mobile: boolean; state: PublicationStateView };
