/**
 * The website configuration and appearance calls (sitesApi: website*, domain*, exterior*):
 * managers of this conference only, the conference the request's, from its Host; except a domain
 * outside SITE_DOMAIN, which only a super admin adds, from the platform host (domainRule.ts).
 */
import { Router } from 'express';
import { sitesApi } from '../../../contract/sites';
import { access, conferenceOf } from '../../../platform/access';
import type { Deps } from '../../../platform/feature';
import { AppError, notFound, tooManyRequests } from '../../../platform/errors';
import { route } from '../../../platform/route';
import { domainHosts } from '../domainRule';
import { conferenceExists } from '../conferenceRecordRepo';
import { ExteriorService } from './exteriorService';
import { idOf } from './rowId';
import { WebsiteConfigService } from './websiteService';
import { identityOf } from '../../../platform/context';

/** Domains a person may add an hour (refused ones are given back): a draft's names churned by add and remove stay bounded. */
export const DOMAIN_ADD_LIMIT = { limit: 10, windowMs: 60 * 60_000 };

export function siteConfigApiRouter({ sites, db, config, limiter }: Deps): Router {
  const hosts = domainHosts(config);
  const router = Router();
  const website = new WebsiteConfigService(db, sites, hosts);
  const exteriors = new ExteriorService(db, sites);
  const manager = access('manager');

  route(router, sitesApi.websiteFind, manager, async (_input, req) => website.find(conferenceOf(req), req.ctx.host));
  route(router, sitesApi.websiteSave, manager, async ({ body }, req) => {
    await website.save(conferenceOf(req), body);
    return website.find(conferenceOf(req), req.ctx.host);
  });
  route(router, sitesApi.domainAdd, manager, async ({ body }, req) => {
    const key = `domain-add:${identityOf(req)!.user.id}`;
    if (!(await limiter.hit(key, DOMAIN_ADD_LIMIT.limit, DOMAIN_ADD_LIMIT.windowMs)).allowed) {
      // Only adds count: a refused burst must not hold the person out once their adds fall due.
      await limiter.release(key);
      throw tooManyRequests();
    }
    try {
      await website.addDomain(conferenceOf(req), body.domain);
    } catch (err) {
      if (err instanceof AppError && err.status === 400) await limiter.release(key);
      throw err;
    }
    return website.domains(conferenceOf(req), req.ctx.host);
  });
  // A domain outside SITE_DOMAIN: only a super admin, only from the platform host.
  route(router, sitesApi.adminDomainAdd, access('superAdmin'), async (input, req) => {
    const { conferenceId } = input.params;
    const { domain } = input.body;
    if (!(await conferenceExists(db, conferenceId))) throw notFound();
    await website.addDomain(conferenceId, domain, { outsideAllowed: true });
    return website.domains(conferenceId, req.ctx.host);
  });
  route(router, sitesApi.domainPrimary, manager, async ({ params }, req) => {
    await website.makePrimary(conferenceOf(req), idOf(params));
    return website.domains(conferenceOf(req), req.ctx.host);
  });
  route(router, sitesApi.domainDelete, manager, async ({ params }, req) => {
    await website.removeDomain(conferenceOf(req), idOf(params), req.ctx.host);
    return website.domains(conferenceOf(req), req.ctx.host);
  });

  route(router, sitesApi.exteriorList, manager, async (_input, req) => exteriors.list(conferenceOf(req)));
  route(router, sitesApi.exteriorFind, manager, async ({ params }, req) =>
    exteriors.find(conferenceOf(req), idOf(params)),
  );
  route(router, sitesApi.exteriorSave, manager, async ({ body }, req) => exteriors.save(conferenceOf(req), body));
  route(router, sitesApi.exteriorUse, manager, async ({ params }, req) => {
    await exteriors.use(conferenceOf(req), idOf(params));
    return null;
  });
  // A bad id is not found before the name is checked.
  route(router, sitesApi.exteriorBuiltIns, manager, async () => exteriors.builtIns());
  route(router, sitesApi.exteriorFromBuiltIn, manager, async ({ body }, req) =>
    exteriors.fromBuiltIn(conferenceOf(req), body.key, body.name),
  );
  route(router, sitesApi.exteriorCopy, manager, async (input, req) => {
    const id = idOf(input.params);
    return exteriors.copy(conferenceOf(req), id, input.body.name);
  });
  route(router, sitesApi.exteriorDelete, manager, async ({ params }, req) => {
    await exteriors.remove(conferenceOf(req), idOf(params));
    return null;
  });
  return router;
}
