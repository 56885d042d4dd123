/** What the server hands the MyData screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { ErasureView } from '../../server/contract/privacy';
import type { WorkView } from '../../server/contract/work';
import type { Lang } from '../shared/locale';

export type MyDataProps = {
  lang: Lang;
  mobile: boolean;
  email: string;
  latest: WorkView | null;
  erasure: ErasureView | null;
};
