/** The platform home's "My conferences" panel: the island's props for the signed-in user. */
import type { Request } from 'express';
import type { Db } from '../../db/index';
import type { MyConferencesProps } from '../../../islands/MyConferences/props';
import { listMyConferences } from './service';
import { identityOf } from '../../platform/context';

export async function myConferencesPanel(db: Db, req: Request): Promise<MyConferencesProps | undefined> {
  const { lang, mobile } = req.ctx;
  const identity = identityOf(req);
  if (!identity) return undefined;
  // A link to the management area; the conference's own login comes first when needed.
  const port = /:\d+$/.exec(req.headers.host ?? '')?.[0] ?? '';
  const conferences = (await listMyConferences(db, identity.user.id, lang)).map((c) => ({
    ...c,
    url: c.domain ? `${req.protocol}://${c.domain}${port}/platform` : null,
  }));
  return { lang, mobile, conferences };
}
