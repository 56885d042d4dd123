/** What the server hands the AdminProviders screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { ProviderView } from '../../server/contract/accounts';
import type { Lang } from '../shared/locale';

export type ProviderItem = ProviderView;
export type AdminProvidersProps = { lang: Lang; mobile: boolean; providers: ProviderItem[]; origin: string };
