/**
 * Document calls: the template configuration at the spec's paths (spec 7 "Registration
 * configuration" template/find/{type}, template/save), a preview of unsaved settings, and an
 * attendee's own documents; the pages: the template tab and the personal centre's downloads.
 */
import { Router, type Request } from 'express';
import { access, conferenceOf, screen } from '../../platform/access';
import type { Deps } from '../../platform/feature';
import { AppError } from '../../platform/errors';
import { route } from '../../platform/route';
import { sendPdf } from '../../platform/pdf/send';
import { t } from '../../platform/i18n';
import {
  ATTENDED_DOCUMENTS,
  documentsApi,
  PERSONAL_DOCUMENTS,
  type DocumentConference,
  type DocumentType,
} from '../../contract/documents';
import { conferenceOrigin, publicOrigin, type PublicUrlConfig } from '../../platform/publicUrl';
import { todayIn } from '../../platform/localTime';
import type { Lang } from '../../contract/enums';
import type { DocumentService } from './service';
import type { RenderInput } from './tasks';
import { identityOf, siteOf } from '../../platform/context';

const FILE_NAMES: Record<DocumentType, string> = {
  BADGE: 'badge.pdf',
  INVITATION: 'invitation-letter.pdf',
  RECEIPT: 'receipt.pdf',
  TICKET: 'ticket.pdf',
  CERTIFICATE: 'attendance-certificate.pdf',
};

/**
 * What a document says about the conference of this request. Its address is printed for readers
 * of the paper: the outside one (the conference's domain, else the host this request named).
 */
export function documentConference(req: Request, links: PublicUrlConfig): DocumentConference {
  const site = siteOf(req)!;
  const c = site.config;
  const siteUrl = conferenceOrigin(links, site) || publicOrigin(links, req.hostname);
  return {
    name: c.conferenceName,
    shortTitle: c.shortTitle,
    department: c.department,
    city: c.city,
    venue: c.venue,
    startDate: c.startDate,
    endDate: c.endDate,
    siteUrl,
  };
}
const today = (req: Request) => todayIn(siteOf(req)!.conference.timeZone);

/**
 * Badges for the registration feature's list: whether the conference prints them, and a PDF of
 * some registrants — drawn in the pool while the request waits (a few people), or read here and
 * drawn by a piece of work (many: registration/exportWork.ts).
 */
export class BadgePrinter {
  constructor(
    private readonly documents: DocumentService,
    private readonly links: PublicUrlConfig,
  ) {}

  enabled(conferenceId: number): Promise<boolean> {
    return this.documents.enabled(conferenceId, 'BADGE');
  }

  /** What the badges say about the conference of this request, and its day (kept with a piece of work). */
  about(req: Request): { conference: DocumentConference; today: string } {
    return { conference: documentConference(req, this.links), today: today(req) };
  }

  render(req: Request, ids: number[]): Promise<Buffer> {
    return this.documents.render(
      conferenceOf(req),
      'BADGE',
      { ids },
      documentConference(req, this.links),
      req.ctx.lang,
      today(req),
    );
  }

  /** The pool's input for the badges of `ids` (in their order); 404 'documents:disabled' when badges are off. */
  input(
    conferenceId: number,
    ids: number[],
    about: { conference: DocumentConference; today: string },
    lang: Lang,
  ): Promise<RenderInput> {
    return this.documents.renderInput(conferenceId, 'BADGE', { ids }, about.conference, lang, about.today);
  }

  /** The badge template's part of a kept PDF's fingerprint. */
  version(conferenceId: number): Promise<string> {
    return this.documents.templateVersion(conferenceId, 'BADGE');
  }
}

/**
 * The personal documents this person may download here: those the conference gives, the
 * attendance certificate only once they checked in (the checkin feature, listed after this one,
 * answers through its service: routes are built once every service exists).
 */
async function personalDocuments(
  { documents, checkin }: Deps,
  conferenceId: number,
  userId: number,
): Promise<DocumentType[]> {
  const [enabled, attended] = await Promise.all([
    documents.enabledTypes(conferenceId),
    checkin.attended(conferenceId, userId),
  ]);
  return PERSONAL_DOCUMENTS.filter((type) => enabled.has(type) && (attended || !ATTENDED_DOCUMENTS.includes(type)));
}

export function documentApiRouter(deps: Deps): Router {
  const { documents, config } = deps;
  const router = Router();
  route(router, documentsApi.find, access('manager'), async ({ params }, req) =>
    documents.config(conferenceOf(req), params.type),
  );
  route(router, documentsApi.save, access('manager'), async ({ body }, req) => documents.save(conferenceOf(req), body));
  route(router, documentsApi.preview, access('manager'), async ({ body }, req, res) => {
    const pdf = await documents.preview(
      conferenceOf(req),
      body,
      documentConference(req, config),
      body.lang ?? req.ctx.lang,
      today(req),
    );
    return sendPdf(res, pdf, `preview-${FILE_NAMES[body.type]}`);
  });

  // The caller's own documents (personal centre).
  route(router, documentsApi.mine, access('user', 'conference'), async (_input, req) =>
    personalDocuments(deps, conferenceOf(req), identityOf(req)!.user.id),
  );
  route(router, documentsApi.mineFile, access('user', 'conference'), async (input, req, res) => {
    const { type } = input.params;
    const { lang } = input.query;
    if (!PERSONAL_DOCUMENTS.includes(type)) throw new AppError(404, 'documents:disabled');
    if (
      ATTENDED_DOCUMENTS.includes(type) &&
      !(await deps.checkin.attended(conferenceOf(req), identityOf(req)!.user.id))
    )
      throw new AppError(403, 'documents:notCheckedIn');
    const pdf = await documents.render(
      conferenceOf(req),
      type,
      { userId: identityOf(req)!.user.id },
      documentConference(req, config),
      lang ?? req.ctx.lang,
      today(req),
    );
    return sendPdf(res, pdf, FILE_NAMES[type]);
  });
  return router;
}

export function documentPageRouter(deps: Deps): Router {
  const { documents, shell } = deps;
  const router = Router();
  router.get('/platform/config/register/template', screen('manager'), async (req, res) => {
    const { lang, mobile } = req.ctx;
    const cid = conferenceOf(req);
    await shell.manageScreen(req, res, {
      title: t(lang, 'registration:config.title'),
      island: {
        island: 'DocumentDesigner',
        props: { lang, mobile, templates: await documents.all(cid), fields: await documents.fieldOptions(cid) },
      },
    });
  });

  router.get('/profile/download', screen('user', 'conference'), async (req, res) => {
    const { lang, mobile } = req.ctx;
    const cid = conferenceOf(req);
    const [registered, enabled, available] = await Promise.all([
      documents.isRegistrant(cid, identityOf(req)!.user.id),
      documents.enabledTypes(cid),
      personalDocuments(deps, cid, identityOf(req)!.user.id),
    ]);
    // The payment receipts (receipts feature, issued when orders were paid), when the conference gives them.
    const receipts = enabled.has('RECEIPT') ? await deps.receipts.mine(cid, identityOf(req)!.user.id) : [];
    await shell.profileScreen(req, res, {
      title: t(lang, 'documents:download.title'),
      island: { island: 'ProfileDownloads', props: { lang, mobile, registered, documents: available, receipts } },
    });
  });
  return router;
}
