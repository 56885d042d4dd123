/**
 * The attendees' addresses on the conference's host, all drawn from the last release
 * (publicData.ts): /programme (kept whole for the page cache's fast path, dropped on release),
 * each item's page and calendar file, the whole programme as .ics, schedule.json and PDF, the
 * person's agenda page and .ics, and the secret personal feed; the agenda's API.
 */
import zlib from 'node:zlib';
import { Router, type Request, type Response } from 'express';
import { access, conferenceOf, isStaff, screen, userOf } from '../../platform/access';
import type { Deps } from '../../platform/feature';
import { t } from '../../platform/i18n';
import { route } from '../../platform/route';
import { textIn } from '../../contract/bilingual';
import { conferenceOrigin, publicOrigin } from '../../platform/publicUrl';
import { sendAttachment } from '../../platform/download';
import { CONFERENCE_STATUS, type Lang } from '../../contract/enums';
import { programmePublicApi, type ReleasedItem } from '../../contract/programme';
import { sendAppPageInTemplate } from '../sites/index';
import type { AgendaService } from './agenda';
import { calendar } from './ics';
import { clashesOf, pick, type PublicProgramme, type PublicProgrammes } from './publicData';
import { NS } from './publicFormat';
import { defaultDay, notPublishedHtml, programmePageHtml, readQuery, shownItems } from './publicPage';
import { headHtml, programmeJsonLd, talkJsonLd, type SeoContext } from './publicSeo';
import type { PrintInput } from './tasks';
import { scheduleJson } from './scheduleJson';
import { talkPageHtml } from './talkPage';
import { agendaPageHtml } from './agendaPage';
import { identityOf, siteOf } from '../../platform/context';

const UID = /^[a-z]+-\d{1,10}$/;

/** The conference's outside origin and host: calendar UIDs and links name it the same on every request. */
function originOf(deps: Deps, req: Request): { origin: string; host: string } {
  const site = siteOf(req)!;
  const origin = conferenceOrigin(deps.config, site) || publicOrigin(deps.config, req.ctx.host);
  return { origin, host: new URL(origin).hostname };
}

/** A feed or file's language: `?lang=` (a calendar app sends no cookie), else the page's. */
function langOf(req: Request): Lang {
  const asked = req.query.lang;
  const site = siteOf(req)!;
  if ((asked === 'zh' || asked === 'en') && site.config.languageType !== '1' && site.config.languageType !== '2')
    return asked;
  return req.ctx.lang;
}

export function programmePublicPages(deps: Deps, programmes: PublicProgrammes, agenda: AgendaService): Router {
  const { sites } = deps;
  const router = Router();
  const conferenceName = (req: Request, lang: Lang) => textIn(siteOf(req)!.config.conferenceName, lang);
  const seo = (req: Request, p: PublicProgramme, lang: Lang): SeoContext => ({
    p,
    lang,
    origin: originOf(deps, req).origin,
    conferenceName: conferenceName(req, lang),
    venue: '',
  });
  /** null: the site is not published and this person is not its staff (sent to /unpublished, or 404 for a file). */
  const visible = (req: Request) =>
    siteOf(req)!.conference.status === CONFERENCE_STATUS.published || isStaff(identityOf(req));

  // The page is the same for everyone in the visitor's state (anonymous or signed in) but for the
  // person's name and menu: kept whole, dropped on a release.
  router.get('/programme', screen('anonymous', 'conference', { keep: { for: 'everyone' } }), async (req, res) => {
    const { lang } = req.ctx;
    const identity = identityOf(req);
    if (!visible(req)) return res.redirect(302, '/unpublished');
    const p = await programmes.of(conferenceOf(req));
    const name = t(lang, `${NS}title`);
    if (!p) return sendAppPageInTemplate(req, res, sites, { name, html: notPublishedHtml(lang) });
    const q = readQuery(p, req.query as Record<string, unknown>);
    // Without a day asked, the page shows today's (on a conference day): kept only while today is that day.
    const asked = typeof req.query.day === 'string';
    const holdsWhile = asked ? undefined : () => defaultDay(p) === q.day;
    const shown = shownItems(p, q);
    const ctx = seo(req, p, lang);
    const head = headHtml({
      jsonLd: programmeJsonLd(ctx, shown),
      title: `${name} — ${ctx.conferenceName}`,
      description: t(lang, `${NS}description`, { name: ctx.conferenceName }),
      url: `${ctx.origin}/programme`,
      type: 'website',
      siteName: ctx.conferenceName,
      lang,
    });
    const html = programmePageHtml(p, q, lang, identity !== null, req.originalUrl);
    await sendAppPageInTemplate(req, res, sites, { name, html, head, holdsWhile });
  });

  /** A whole-programme file, made once per release and language (publicData.ts), with a validator for calendars that poll. */
  async function sendBuilt(req: Request, res: Response, what: 'ics' | 'json' | 'pdf') {
    if (!visible(req)) return void res.status(404).type('text/plain').send('Not found');
    const p = await programmes.of(conferenceOf(req));
    if (!p)
      return void res
        .status(404)
        .type('text/plain')
        .send(t(req.ctx.lang, `${NS}notPublished`));
    const lang = langOf(req);
    const { origin, host } = originOf(deps, req);
    // the calendar and the JSON are large text (hundreds of KB), polled by apps: gzipped once, when asked
    const gzip = what !== 'pdf' && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const etag = `"r${p.release.number}-${lang}-${what}${gzip ? '-gz' : ''}"`;
    res.setHeader('ETag', etag);
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.setHeader('Vary', what === 'pdf' ? 'Cookie' : 'Accept-Encoding, Cookie');
    if (req.headers['if-none-match'] === etag) return void res.status(304).end();
    const name = conferenceName(req, lang);
    const sendText = async (key: string, type: string, body: string) => {
      if (!gzip) return void res.type(type).send(body);
      const packed = await programmes.built(p, `${key}:gzip`, () => zlib.gzipSync(body));
      res.setHeader('Content-Encoding', 'gzip');
      res.type(type).send(packed);
    };
    if (what === 'ics') {
      const key = `ics:${lang}:${origin}`;
      const body = await programmes.built(p, key, () =>
        calendar(p.programme.items, { p, lang, origin, host, calendarName: `${name} — ${t(lang, `${NS}title`)}` }),
      );
      res.setHeader('Content-Disposition', 'inline; filename="programme.ics"');
      return sendText(key, 'text/calendar; charset=utf-8', body);
    }
    if (what === 'json') {
      const slug = siteOf(req)!.conference.slug;
      const key = `json:${lang}:${origin}`;
      const body = await programmes.built(p, key, () =>
        JSON.stringify(scheduleJson({ p, lang, origin, host, slug, title: name, generatorVersion: '1' })),
      );
      res.setHeader('Access-Control-Allow-Origin', '*');
      return sendText(key, 'application/json; charset=utf-8', body);
    }
    // Drawn once per release and language in the pool (tasks.ts): seconds of work off the request's thread.
    const pdf = await programmes.built(p, `pdf:${lang}`, async () =>
      Buffer.from(
        await deps.work.compute<Uint8Array>(conferenceOf(req), 'programme.print', {
          number: p.release.number,
          releasedAt: p.release.releasedAt.toISOString(),
          programme: p.programme,
          lang,
          conferenceName: name,
        } satisfies PrintInput),
      ),
    );
    sendAttachment(res, `programme-${p.release.number}-${lang}.pdf`, 'application/pdf', pdf, {
      cacheControl: 'public, max-age=300',
    });
  }

  router.get('/programme.ics', screen('anonymous', 'conference'), (req, res) => sendBuilt(req, res, 'ics'));
  router.get('/programme.pdf', screen('anonymous', 'conference'), (req, res) => sendBuilt(req, res, 'pdf'));
  router.get('/programme/schedule.json', screen('anonymous', 'conference'), (req, res) => sendBuilt(req, res, 'json'));

  /** A calendar of some items, for one person (never kept by a proxy). */
  function sendCalendar(
    req: Request,
    res: Response,
    p: PublicProgramme,
    items: ReleasedItem[],
    name: string,
    disposition: string,
  ) {
    const lang = langOf(req);
    const { origin, host } = originOf(deps, req);
    res.setHeader('Cache-Control', 'private, no-cache');
    res.setHeader('Content-Disposition', disposition);
    res.type('text/calendar; charset=utf-8').send(calendar(items, { p, lang, origin, host, calendarName: name }));
  }

  router.get('/programme/agenda', screen('user', 'conference'), async (req, res) => {
    const { lang } = req.ctx;
    const cid = conferenceOf(req);
    const p = await programmes.of(cid);
    const items = p ? await agenda.items(cid, userOf(req), p) : [];
    const html = agendaPageHtml(p, items, clashesOf(items), lang, await agenda.hasFeed(cid, userOf(req)));
    await sendAppPageInTemplate(req, res, sites, { name: t(lang, `${NS}agenda.title`), html });
  });

  router.get('/programme/agenda.ics', screen('user', 'conference'), async (req, res) => {
    const cid = conferenceOf(req);
    const p = await programmes.of(cid);
    if (!p)
      return void res
        .status(404)
        .type('text/plain')
        .send(t(req.ctx.lang, `${NS}notPublished`));
    const lang = langOf(req);
    sendCalendar(
      req,
      res,
      p,
      await agenda.items(cid, userOf(req), p),
      `${conferenceName(req, lang)} — ${t(lang, `${NS}agenda.title`)}`,
      'attachment; filename="agenda.ics"',
    );
  });

  // The personal feed: its secret is its only key (calendar apps send no cookie).
  router.get('/programme/feed/:file', screen('anonymous', 'conference'), async (req, res) => {
    const cid = conferenceOf(req);
    const secret = /^(.+)\.ics$/.exec(String(req.params.file))?.[1] ?? '';
    const userId = await agenda.feedOwner(cid, secret);
    const p = userId === null ? null : await programmes.of(cid);
    if (userId === null || !p) return void res.status(404).type('text/plain').send('Not found');
    const lang = langOf(req);
    res.setHeader('Referrer-Policy', 'no-referrer');
    sendCalendar(
      req,
      res,
      p,
      await agenda.items(cid, userId, p),
      `${conferenceName(req, lang)} — ${t(lang, `${NS}agenda.title`)}`,
      'inline; filename="agenda.ics"',
    );
  });

  // An item's page, or its calendar file (…/item-12.ics).
  router.get('/programme/:name', screen('anonymous', 'conference'), async (req, res) => {
    const { lang } = req.ctx;
    const identity = identityOf(req);
    const raw = String(req.params.name);
    const asIcs = raw.endsWith('.ics');
    const uid = asIcs ? raw.slice(0, -4) : raw;
    if (!visible(req)) return res.redirect(302, '/unpublished');
    const p = UID.test(uid) ? await programmes.of(conferenceOf(req)) : null;
    const item = p?.byUid.get(uid);
    if (!p || !item) return res.redirect(302, p || !UID.test(uid) ? '/404' : '/programme');
    if (asIcs)
      return sendCalendar(req, res, p, [item], pick(item.title, langOf(req)), `attachment; filename="${uid}.ics"`);
    const signedIn = identity !== null;
    const html = await programmes.built(p, `talk:${uid}:${lang}:${signedIn ? 'u' : 'a'}`, () =>
      talkPageHtml(p, item, lang, signedIn),
    );
    const ctx = seo(req, p, lang);
    const title = pick(item.title, lang);
    const description = (item.paper?.abstract || pick(item.description, lang) || '').slice(0, 200);
    const head = headHtml({
      jsonLd: talkJsonLd(ctx, item),
      title,
      description,
      url: `${ctx.origin}/programme/${uid}`,
      type: 'article',
      siteName: ctx.conferenceName,
      lang,
    });
    await sendAppPageInTemplate(req, res, sites, { name: title, html, head });
  });

  return router;
}

export function programmePublicApiRouter(deps: Deps, agenda: AgendaService): Router {
  const router = Router();
  const user = access('user', 'conference');
  route(router, programmePublicApi.agenda, user, async (_input, req) => agenda.view(conferenceOf(req), userOf(req)));
  route(router, programmePublicApi.mark, user, async ({ params }, req) =>
    agenda.mark(conferenceOf(req), userOf(req), params.uid),
  );
  route(router, programmePublicApi.unmark, user, async ({ params }, req) =>
    agenda.unmark(conferenceOf(req), userOf(req), params.uid),
  );
  route(router, programmePublicApi.newFeed, user, async (_input, req) => {
    const secret = await agenda.newFeedSecret(conferenceOf(req), userOf(req));
    return { url: `${originOf(deps, req).origin}/programme/feed/${secret}.ics` };
  });
  route(router, programmePublicApi.revokeFeed, user, async (_input, req) => {
    await agenda.revokeFeed(conferenceOf(req), userOf(req));
    return null;
  });
  return router;
}
