/** What the server hands the AdminUnits screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { UnitPage } from '../../server/contract/units';
import type { Lang } from '../shared/locale';

export type AdminUnitsProps = { lang: Lang; mobile: boolean; initial: UnitPage };
