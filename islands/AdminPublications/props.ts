/** What the server hands the AdminPublications screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { QueueItem } from '../../server/contract/conferences';
import type { Lang } from '../shared/locale';

export type PublicationRequestItem = QueueItem;
/** `siteOrigin` turns a domain into a link: scheme and the port the platform is reached on. */
export type AdminPublicationsProps = {
  lang: Lang;
  mobile: boolean;
  requests: PublicationRequestItem[];
  scheme: string;
  port: string;
};
