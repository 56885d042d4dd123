/** What the server hands the ProfilePayResult screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { AttemptView } from '../../server/contract/orders';
import type { Lang } from '../shared/locale';

export type ProfilePayResultProps = { lang: Lang; mobile: boolean; attempt: AttemptView };
