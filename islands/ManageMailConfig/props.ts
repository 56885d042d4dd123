/** What the server hands the ManageMailConfig screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { MailConfigView } from '../../server/contract/mail';
import type { Lang } from '../shared/locale';
import type { MailTemplate } from './Templates';

export type MailConfig = MailConfigView;
export type ManageMailConfigProps = {
  lang: Lang;
  mobile: boolean;
  config: MailConfig | null;
  templates: MailTemplate[];
  platformSmtp: boolean;
};
