/** What the server hands the ReviewForm screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { ReviewScreen } from '../../server/contract/reviewing';
import type { Lang } from '../shared/locale';

export type ReviewFormProps = { lang: Lang; mobile: boolean; review: ReviewScreen };
