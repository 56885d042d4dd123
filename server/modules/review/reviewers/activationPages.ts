/**
 * The activation page (spec 2.9). On the conference's host, /review/active/:key sits inside the
 * site template and shows the platform's frame; the frame (/embed/review/active, platform host)
 * holds the form, so the password is typed on the platform's origin only, never where the
 * conference managers' scripts run. The frame may be framed by that key's conference origin and
 * nothing else. An unknown, used or expired key shows the activation message.
 */
import { Router, type Request, type Response } from 'express';
import type { Lang } from '../../../contract/enums';
import { screen, conferenceOf } from '../../../platform/access';
import type { Deps } from '../../../platform/feature';
import { t } from '../../../platform/i18n';
import { frameAncestors } from '../../../platform/csp';
import { escapeHtml } from '../../../platform/html';
import { renderVikePage } from '../../../platform/vike';
import { renderIsland } from '../../../../renderer/islands.server';
import { antdStylesheetHref } from '../../../../renderer/antdStyles';
import { sendAppPageInTemplate } from '../../sites/index';
import { platformOrigin, conferenceOfOrigin } from '../../accounts/index';
import { REVIEW_SCREENS as S } from '../../../contract/review';
import type { ActivationView } from '../../../contract/reviewers';

export const EMBED_ACTIVATION = '/embed/review/active';

const KEY = /^[A-Za-z0-9_-]{20,100}$/;

/** The activation message, as the page shows it without a form. */
function messageHtml(lang: Lang): string {
  return `<div class="app-page app-page-activation"><p class="activation-message" role="status" style="padding:24px 0">${escapeHtml(t(lang, 'reviewers:activationGone'))}</p></div>`;
}

/** A minimal document of the platform holding one island; Vike adds the islands' client entry. */
async function sendFramePage(
  req: Request,
  res: Response,
  lang: Lang,
  title: string,
  body: string,
  ancestor: string,
): Promise<void> {
  const composedHtml =
    `<!DOCTYPE html><html lang="${lang === 'zh' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(title)}</title><link rel="stylesheet" href="/app.css"><link rel="stylesheet" href="${escapeHtml(antdStylesheetHref())}">` +
    `</head><body class="embed-page">${body}</body></html>`;
  const rendered = await renderVikePage(req, { composedHtml });
  if (!rendered) throw new Error('Vike did not render the activation frame');
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('Content-Security-Policy', frameAncestors(ancestor));
  res.removeHeader('X-Frame-Options');
  res.status(200).type('html').send(rendered.body);
}

export function activationPageRouter(deps: Deps): Router {
  const { reviewers, sites } = deps;
  const router = Router();

  router.get(`${S.activation}/:key`, screen('anonymous', 'conference'), async (req, res) => {
    const { lang } = req.ctx;
    const key = String(req.params.key);
    const conferenceId = conferenceOf(req);
    const usable = KEY.test(key) && (await reviewers.activation.conferenceOfKey(key, req.ip ?? '')) === conferenceId;
    const query = new URLSearchParams({ key, origin: `${req.protocol}://${req.headers.host}`, lang });
    const html = usable
      ? `<div class="app-page app-page-activation">${renderIsland('AccountFrame', { src: `${platformOrigin(req, deps.config)}${EMBED_ACTIVATION}?${query.toString()}`, title: t(lang, 'reviewers:activation.title') }, 'activation-frame-island')}</div>`
      : messageHtml(lang);
    res.setHeader('Referrer-Policy', 'no-referrer');
    await sendAppPageInTemplate(req, res, sites, { name: t(lang, 'reviewers:activation.title'), html });
  });

  router.get(EMBED_ACTIVATION, screen('anonymous', 'platform'), async (req, res) => {
    const lang: Lang = req.query.lang === 'en' ? 'en' : 'zh';
    const key = typeof req.query.key === 'string' ? req.query.key : '';
    const target = await conferenceOfOrigin(String(req.query.origin ?? ''), (host) => sites.conferenceIdForHost(host), {
      httpsOnly: req.secure,
    }).catch(() => null);
    if (!target) return void res.redirect(302, '/404');
    let view: ActivationView | null = null;
    try {
      if ((await reviewers.activation.conferenceOfKey(key, req.ip ?? '')) === target.conferenceId)
        view = await reviewers.activation.view(key, target.conferenceId, req.ip ?? '', lang);
    } catch {
      view = null;
    }
    const signIn = `${target.origin}/conferencelogin?redirect=${encodeURIComponent(S.reviewerHome)}`;
    const island = renderIsland(
      'ReviewActivation',
      { lang, activationKey: view ? key : '', origin: target.origin, view, signIn },
      'review-activation-island',
    );
    res.setHeader('Referrer-Policy', 'no-referrer');
    await sendFramePage(
      req,
      res,
      lang,
      t(lang, 'reviewers:activation.title'),
      `<main class="embed-main" style="max-width:640px;margin:0 auto;padding:16px">${island}</main>`,
      target.origin,
    );
  });

  return router;
}
