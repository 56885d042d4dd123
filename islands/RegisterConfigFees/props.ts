/** What the server hands the RegisterConfigFees screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { FeeKind, FeeSettings, FeeView } from '../../server/contract/fees';
import type { Lang } from '../shared/locale';

export type RegisterConfigFeesProps = {
  lang: Lang;
  mobile: boolean;
  kind: FeeKind;
  fees: FeeView[];
  /** the register tab's rule (absent on the optional tab) */ settings?: FeeSettings;
};
