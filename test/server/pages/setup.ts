/** Two conferences (A on contract.localhost, B on other.localhost) and calls as the islands make them. */
import request from 'supertest';
import { createHarness, type Harness } from '../../helpers/harness';
import { contractSite } from '../../fixtures/contractSite';

export const HOST_A = 'contract.localhost';
export const HOST_B = 'other.localhost';

export type Ids = {
  home: number;
  about: number;
  secret: number;
  bare: number;
  framed: number;
  common: number;
  page: number;
  mobileCommon: number;
  mobilePage: number;
  exterior: number;
};

export type PagesWorld = {
  h: Harness;
  a: number;
  b: number;
  idsA: Ids;
  idsB: Ids;
  managerA: string;
  managerB: string;
  call(
    method: 'get' | 'post' | 'delete',
    path: string,
    opts?: { body?: unknown; token?: string | null; host?: string; query?: Record<string, string | number> },
  ): request.Test;
  stop(): Promise<void>;
};

async function ids(h: Harness, conferenceId: number): Promise<Ids> {
  const find = async (where: Record<string, unknown>) =>
    (await h
      .db('pages')
      .where({ conference_id: conferenceId, ...where })
      .first('id'))!.id as number;
  const page = (name: string) => find({ type: 'PAGE', name, is_mobile: false });
  const template = (name: string) => find({ type: 'TEMPLATE', name });
  return {
    home: await page('首页'),
    about: await page('关于'),
    secret: await page('内部'),
    bare: await page('无模板'),
    framed: await page('仅外框'),
    common: await template('common'),
    page: await template('page'),
    mobileCommon: await template('mobileCommon'),
    mobilePage: await template('mobilePage'),
    exterior: (await h.db('exteriors').where({ conference_id: conferenceId }).first('id'))!.id as number,
  };
}

export async function pagesWorld(): Promise<PagesWorld> {
  const h = await createHarness({ seedDemo: false });
  const a = await h.provision(contractSite());
  const b = await h.provision(contractSite({ slug: 'other', domains: [HOST_B] }));
  const managerA = await h.login({ email: 'mgr-a@example.org', name: '管理员甲', conferenceId: a, roles: ['manager'] });
  const managerB = await h.login({
    email: 'mgr-b@example.org',
    name: 'Manager B',
    conferenceId: b,
    roles: ['manager'],
  });
  const world: PagesWorld = {
    h,
    a,
    b,
    idsA: await ids(h, a),
    idsB: await ids(h, b),
    managerA,
    managerB,
    call(method, path, opts = {}) {
      const host = opts.host ?? HOST_A;
      let req = request(h.app)[method](`/api${path}`).set('Host', host);
      if (method !== 'get') req = req.set('Origin', `http://${host}`);
      const token = opts.token === undefined ? managerA : opts.token;
      if (token) req = req.set('Cookie', `token=${token}`);
      if (opts.query) req = req.query(opts.query);
      return opts.body === undefined ? req : req.send(opts.body as object);
    },
    stop: () => h.stop(),
  };
  return world;
}

/** A valid save body for a new page of conference A. */
export function newPage(w: PagesWorld, patch: Record<string, unknown> = {}) {
  return {
    type: 'PAGE',
    name: 'Programme',
    exteriorId: w.idsA.exterior,
    lang: 'en',
    html: '<p>programme</p>',
    css: '',
    cssPath: '',
    templateId: w.idsA.page,
    ...patch,
  };
}
