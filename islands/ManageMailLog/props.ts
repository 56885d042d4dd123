/** What the server hands the ManageMailLog screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { MailLogFilter, MailLogPage } from '../../server/contract/mail';
import type { Lang } from '../shared/locale';

export type ManageMailLogProps = {
  lang: Lang;
  mobile: boolean;
  initial: MailLogPage;
  /** the address's filter (issue 33); `initial` is already filtered */ filter?: MailLogFilter;
};
