/** What the server hands the ManageProgramme screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { EditorState } from '../../server/contract/programmeEditor';
import type { Lang } from '../shared/locale';

export type ManageProgrammeProps = { lang: Lang; mobile: boolean; state: EditorState };
