/**
 * Document calls: the template configuration at the spec's paths (spec 7 "Registration
 * configuration" template/find/{type}, template/save), a preview of unsaved settings, and an
 * attendee's own documents; the pages: the template tab and the personal centre's downloads.
 */
import { Router, type Request, type Response } from 'express';
import { access, conferenceOf, screen } from '../../platform/access';
import type { Deps } from '../../platform/feature';
import { AppError } from '../../platform/errors';
import { route, SENT, type Sent } from '../../platform/route';
import { sendAttachment } from '../../platform/download';
import { t } from '../../platform/i18n';
import { documentsApi, PERSONAL_DOCUMENTS, type DocumentConference, type DocumentType } from '../../contract/documents';
import type { SiteSnapshot } from '../../platform/site';
import { todayIn } from '../registration/settings';
import type { DocumentService } from './service';

const FILE_NAMES: Record<DocumentType, string> = { BADGE: 'badge.pdf', INVITATION: 'invitation-letter.pdf', RECEIPT: 'receipt.pdf', TICKET: 'ticket.pdf' };

/** What a document says about the conference of this request. */
export function documentConference(site: SiteSnapshot, origin: string): DocumentConference {
  const c = site.config;
  return { name: c.conferenceName, shortTitle: c.shortTitle, department: c.department, city: c.city, venue: c.venue, startDate: c.startDate, endDate: c.endDate, siteUrl: site.primaryDomain ? `https://${site.primaryDomain}` : origin };
}

const origin = (req: Request) => `${req.protocol}://${req.headers.host}`;
const today = (req: Request) => todayIn(req.ctx.site!.conference.timeZone);

/** Badges for the registration feature's list: whether the conference prints them, and a PDF of some registrants. */
export class BadgePrinter {
  constructor(private readonly documents: DocumentService) {}

  enabled(conferenceId: number): Promise<boolean> {
    return this.documents.enabled(conferenceId, 'BADGE');
  }

  render(req: Request, ids: number[]): Promise<Buffer> {
    return this.documents.render(conferenceOf(req), 'BADGE', { ids }, documentConference(req.ctx.site!, origin(req)), req.ctx.lang, today(req));
  }
}

export function sendPdf(res: Response, pdf: Buffer, fileName: string): Sent {
  sendAttachment(res, fileName, 'application/pdf', pdf);
  return SENT;
}

export function documentApiRouter({ documents }: Deps): Router {
  const router = Router();
  route(router, documentsApi.find, access('manager'), async ({ params }, req) => documents.config(conferenceOf(req), params.type));
  route(router, documentsApi.save, access('manager'), async ({ body }, req) => documents.save(conferenceOf(req), body));
  route(router, documentsApi.preview, access('manager'), async ({ body }, req, res) => {
    const pdf = await documents.preview(conferenceOf(req), body, documentConference(req.ctx.site!, origin(req)), body.lang ?? req.ctx.lang, today(req));
    return sendPdf(res, pdf, `preview-${FILE_NAMES[body.type]}`);
  });

  // The caller's own documents (personal centre).
  route(router, documentsApi.mine, access('user', 'conference'), async (_input, req) => {
    const list: DocumentType[] = [];
    for (const type of PERSONAL_DOCUMENTS) if (await documents.enabled(conferenceOf(req), type)) list.push(type);
    return list;
  });
  route(router, documentsApi.mineFile, access('user', 'conference'), async (input, req, res) => {
    const { type } = input.params;
    const { lang } = input.query;
    if (!PERSONAL_DOCUMENTS.includes(type)) throw new AppError(404, 'documents:disabled');
    const pdf = await documents.render(conferenceOf(req), type, { userId: req.ctx.identity!.user.id }, documentConference(req.ctx.site!, origin(req)), lang ?? req.ctx.lang, today(req));
    return sendPdf(res, pdf, FILE_NAMES[type]);
  });
  return router;
}

export function documentPageRouter({ documents, shell }: Deps): Router {
  const router = Router();
  router.get('/platform/config/register/template', screen('manager'), async (req, res) => {
    const { lang, mobile } = req.ctx;
    const cid = conferenceOf(req);
    await shell.manageScreen(req, res, {
      title: t(lang, 'registration:config.title'),
      island: { island: 'DocumentDesigner', props: { lang, mobile, templates: await documents.all(cid), fields: await documents.fieldOptions(cid) } },
    });
  });

  router.get('/profile/download', screen('user', 'conference'), async (req, res) => {
    const { lang, mobile } = req.ctx;
    const cid = conferenceOf(req);
    const registered = await documents.isRegistrant(cid, req.ctx.identity!.user.id);
    const available: DocumentType[] = [];
    for (const type of PERSONAL_DOCUMENTS) if (await documents.enabled(cid, type)) available.push(type);
    await shell.profileScreen(req, res, { title: t(lang, 'documents:download.title'), island: { island: 'ProfileDownloads', props: { lang, mobile, registered, documents: available } } });
  });
  return router;
}
