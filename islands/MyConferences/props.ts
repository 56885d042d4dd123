/** What the server hands the MyConferences screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { Lang } from '../shared/locale';

export type MyConferenceItem = {
  id: number;
  name: string;
  shortTitle: string;
  status: string;
  domain: string | null;
  url: string | null;
  creator: boolean;
};
export type MyConferencesProps = { lang: Lang; mobile: boolean; conferences: MyConferenceItem[] };
