/** What the server hands the ManageRegistrantDetails screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { RegistrantDetails } from '../../server/contract/registrants';
import type { Lang } from '../shared/locale';

export type ManageRegistrantDetailsProps = { lang: Lang; mobile: boolean; details: RegistrantDetails };
