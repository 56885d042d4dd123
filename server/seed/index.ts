/**
 * First-run data, idempotent: the super admin, the discipline list and the demo conferences.
 * Running it again changes nothing that exists.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import type { Config } from '../config';
import type { Db } from '../db/index';
import { logger } from '../platform/logger';
import { addSuperAdmin, ensureUser, grantRole } from '../modules/accounts/service';
import { provisionSite } from '../modules/sites/provision';
import { ROOT_DIR } from '../paths';
import { DISCIPLINES } from './disciplines';
import { loadDemoSite } from './demo';
import { seedDemoRegistration } from '../modules/registration/seed';
import { seedUnits } from '../modules/units/service';
import { seedDemoHotels } from '../modules/hotels/seed';
import { seedDemoSubmissions } from '../modules/submissions/seed';
import { seedDemoPayments } from '../modules/payments/seed';

export const DEMO_SITES: Array<{ slug: string; domains: string[] }> = [
  { slug: 'demo', domains: ['demo.localhost', 'localhost', '127.0.0.1'] },
  { slug: 'demo2', domains: ['demo2.localhost'] },
];

async function seedDisciplines(db: Db): Promise<void> {
  if (await db('disciplines').first()) return;
  let sort = 0;
  for (const [code, zh, en, children] of DISCIPLINES) {
    const [id] = await db('disciplines').insert({ code, name_zh: zh, name_en: en, sort: sort++, parent_id: null });
    for (const [childCode, childZh, childEn] of children ?? []) {
      await db('disciplines').insert({
        code: childCode,
        name_zh: childZh,
        name_en: childEn,
        sort: sort++,
        parent_id: id,
      });
    }
  }
}

async function seedSuperAdmin(db: Db, config: Config): Promise<void> {
  const password = config.ADMIN_PASSWORD ?? `${crypto.randomBytes(9).toString('base64url')}7a`;
  const { id, created } = await ensureUser(db, { email: config.ADMIN_EMAIL, trueName: 'Platform Admin', password });
  await addSuperAdmin(db, id);
  if (created && !config.ADMIN_PASSWORD) {
    // Printed once, on the run that creates the account; it is not stored anywhere in clear.
    logger.warn(`Super admin created: ${config.ADMIN_EMAIL} / ${password} (set ADMIN_PASSWORD to choose it)`);
  }
}

/** `creator`: who made the demo conferences (the super admin), so their manager lists are not empty. */
export async function seedDemoSites(db: Db, creator?: string): Promise<void> {
  for (const demo of DEMO_SITES) {
    if (await db('conferences').where({ slug: demo.slug }).first()) continue;
    const site = loadDemoSite(path.join(ROOT_DIR, 'templates'), demo.slug, demo.domains);
    const id = await provisionSite(db, site);
    const owner = creator ? await db('users').where({ email: creator.toLowerCase() }).first('id') : undefined;
    if (owner) for (const role of ['creator', 'manager'] as const) await grantRole(db, id, Number(owner.id), role);
    await seedDemoRegistration(db, id, `${demo.slug.toUpperCase()}-`, demo.slug);
    await seedDemoPayments(db, id);
    await seedDemoHotels(db, id, path.join(ROOT_DIR, 'templates', 'demo', demo.slug), {
      startDate: site.config.startDate,
      endDate: site.config.endDate,
    });
    await seedDemoSubmissions(db, id, path.join(ROOT_DIR, 'templates', 'demo', demo.slug), {
      startDate: site.config.startDate,
    });
    logger.info(`Demo conference "${demo.slug}" created at http://${demo.domains[0]}`);
  }
}

export async function seed(db: Db, config: Config): Promise<void> {
  await seedDisciplines(db);
  await seedSuperAdmin(db, config);
  await seedUnits(db);
  if (config.SEED_DEMO) await seedDemoSites(db, config.ADMIN_EMAIL);
}
