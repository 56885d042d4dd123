/** What the server hands the ReviewerInfo screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { ReviewerInfo as Info } from '../../server/contract/reviewers';
import type { Lang } from '../shared/locale';

export type ReviewerInfoProps = { lang: Lang; mobile: boolean; info: Info };
