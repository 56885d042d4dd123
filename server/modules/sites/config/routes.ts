/**
 * The website configuration and appearance calls (managers of this conference only; the
 * conference is the request's, from its Host):
 *   GET  /conference/platform/config/website/find          the editable config, both languages
 *   POST /conference/platform/config/website/save          the whole config, one transaction
 *   POST /conference/platform/config/website/domain/add    {domain}
 *   POST /conference/platform/config/website/domain/primary/:id
 *   DELETE /conference/platform/config/website/domain/delete/:id
 *   POST /platform/admin/conferences/:conferenceId/domain/add  {domain}  (super admins, platform host)
 *   GET  /conference/exterior/list, /conference/exterior/find/:id
 *   POST /conference/exterior/save, /conference/exterior/use/:id, /conference/exterior/copy/:id
 *   DELETE /conference/exterior/delete/:id
 */
import { Router } from 'express';
import { z } from 'zod';
import { access, conferenceOf } from '../../../platform/access';
import type { Deps } from '../../../platform/feature';
import { notFound, sendOk } from '../../../platform/errors';
import { parseInput } from '../../../platform/validate';
import { domainHosts } from '../domainRule';
import { conferenceExists } from '../conferenceRecord';
import { ExteriorService } from './exteriorService';
import { copyInput, domainInput, exteriorInput, idOf, websiteConfigInput } from './schema';
import { WebsiteConfigService } from './websiteService';

const WEBSITE = '/conference/platform/config/website';
const EXTERIOR = '/conference/exterior';

const conferenceParam = z.object({ conferenceId: z.string().regex(/^[1-9]\d{0,9}$/, 'commonMsg.notFound').transform(Number) });

export function siteConfigApiRouter({ sites, db, config }: Deps): Router {
  const hosts = domainHosts(config);
  const router = Router();
  const website = new WebsiteConfigService(db, sites, hosts);
  const exteriors = new ExteriorService(db, sites);

  router.get(`${WEBSITE}/find`, access('manager'), async (req, res) => {
    sendOk(res, await website.find(conferenceOf(req), req.ctx.host));
  });
  router.post(`${WEBSITE}/save`, access('manager'), async (req, res) => {
    const input = parseInput(websiteConfigInput, req.body ?? {});
    await website.save(conferenceOf(req), input);
    sendOk(res, await website.find(conferenceOf(req), req.ctx.host));
  });
  router.post(`${WEBSITE}/domain/add`, access('manager'), async (req, res) => {
    const { domain } = parseInput(domainInput, req.body ?? {});
    await website.addDomain(conferenceOf(req), domain);
    sendOk(res, await website.domains(conferenceOf(req), req.ctx.host));
  });
  // A domain outside SITE_DOMAIN: only a super admin, only from the platform host (domainRule.ts).
  router.post('/platform/admin/conferences/:conferenceId/domain/add', access('superAdmin'), async (req, res) => {
    const { conferenceId } = parseInput(conferenceParam, req.params);
    const { domain } = parseInput(domainInput, req.body ?? {});
    if (!(await conferenceExists(db, conferenceId))) throw notFound();
    await website.addDomain(conferenceId, domain, { outsideAllowed: true });
    sendOk(res, await website.domains(conferenceId, req.ctx.host));
  });
  router.post(`${WEBSITE}/domain/primary/:id`, access('manager'), async (req, res) => {
    const id = idOf(req.params);
    await website.makePrimary(conferenceOf(req), id);
    sendOk(res, await website.domains(conferenceOf(req), req.ctx.host));
  });
  router.delete(`${WEBSITE}/domain/delete/:id`, access('manager'), async (req, res) => {
    const id = idOf(req.params);
    await website.removeDomain(conferenceOf(req), id, req.ctx.host);
    sendOk(res, await website.domains(conferenceOf(req), req.ctx.host));
  });

  router.get(`${EXTERIOR}/list`, access('manager'), async (req, res) => {
    sendOk(res, await exteriors.list(conferenceOf(req)));
  });
  router.get(`${EXTERIOR}/find/:id`, access('manager'), async (req, res) => {
    const id = idOf(req.params);
    sendOk(res, await exteriors.find(conferenceOf(req), id));
  });
  router.post(`${EXTERIOR}/save`, access('manager'), async (req, res) => {
    const input = parseInput(exteriorInput, req.body ?? {});
    sendOk(res, await exteriors.save(conferenceOf(req), input));
  });
  router.post(`${EXTERIOR}/use/:id`, access('manager'), async (req, res) => {
    const id = idOf(req.params);
    await exteriors.use(conferenceOf(req), id);
    sendOk(res, null);
  });
  router.post(`${EXTERIOR}/copy/:id`, access('manager'), async (req, res) => {
    const id = idOf(req.params);
    const { name } = parseInput(copyInput, req.body ?? {});
    sendOk(res, await exteriors.copy(conferenceOf(req), id, name));
  });
  router.delete(`${EXTERIOR}/delete/:id`, access('manager'), async (req, res) => {
    const id = idOf(req.params);
    await exteriors.remove(conferenceOf(req), id);
    sendOk(res, null);
  });
  return router;
}
