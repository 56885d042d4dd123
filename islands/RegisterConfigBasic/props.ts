/** What the server hands the RegisterConfigBasic screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { BasicConfigView } from '../../server/contract/registration';
import type { Lang } from '../shared/locale';

export type RegisterConfigBasicProps = { lang: Lang; mobile: boolean; config: BasicConfigView };
