/** What the server hands the ProfileEditForm screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { Lang } from '../shared/locale';

export type ProfileEditFormProps = { lang: Lang; trueName: string; email: string };
