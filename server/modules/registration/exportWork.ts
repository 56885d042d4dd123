/**
 * The registrant exports that grow with the list (issue 30): badge.pdf and user.xlsx of many
 * people are pieces of work with progress (the request answers 202 `{ work }`), their data read
 * here and their file drawn in the pool (documents.render, platform.table). A few people are
 * still answered at once, drawn in the pool while the request waits (exportRoutes.ts).
 * A finished file is kept while the registrants, their files, the forms (and for badges the
 * template) are as they were: `version`.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { registrantSelection, type RegistrantSelection } from '../../contract/registration';
import type { Deps } from '../../platform/feature';
import type { WorkKind } from '../../platform/work/types';
import { XLSX_TYPE } from '../../platform/xlsx';
import { selectionVersion, usersTable } from './exports';
import { selectedIds } from './routes';

/**
 * Badges for at most this many people are drawn while the request waits: 50 badges take about
 * 0.3 s in a warm worker (500 take 2 s), quick enough that a progress bar would only flash.
 */
export const BADGES_AT_ONCE = 50;

/** user.xlsx of at most this many registrants is written while the request waits (well under a second); more is a piece of work. */
export const ROWS_AT_ONCE = 500;

const both = z.object({ zh: z.string(), en: z.string() });
/** What the badges say about the conference: taken from the request that asked (its site and address). */
const aboutConference = z.object({
  conference: z.object({
    name: both,
    shortTitle: both,
    department: both,
    city: both,
    venue: both,
    startDate: z.string().nullable(),
    endDate: z.string().nullable(),
    siteUrl: z.string(),
  }),
  today: z.string().max(10),
});

export const badgeParams = z.object({ selection: registrantSelection, about: aboutConference });
export type BadgeParams = z.output<typeof badgeParams>;

/** The fingerprint of a selection as it is now: which registrants it names, and what they and the forms say. */
async function selectionNow(
  deps: Deps,
  conferenceId: number,
  selection: RegistrantSelection,
): Promise<{ ids: number[]; version: string }> {
  const ids = await selectedIds(deps.db, conferenceId, selection);
  const named = createHash('sha1').update(ids.join(',')).digest('base64url').slice(0, 16);
  // the orders' stamp: the fee categories column changes with them
  return {
    ids,
    version: `${named}|${await selectionVersion(deps.db, conferenceId, ids)}|${await deps.orders.ordersStamp(conferenceId)}`,
  };
}

export type RegistrationWork = { badges: WorkKind<BadgeParams>; excel: WorkKind<RegistrantSelection> };

function registrationWork(deps: Deps): RegistrationWork {
  const badges: WorkKind<BadgeParams> = {
    name: 'registration.badges',
    params: badgeParams,
    // The key already holds the language and the parameters (the conference's words and day among them).
    version: async (asker, p) =>
      [
        await deps.badges.version(asker.conferenceId),
        (await selectionNow(deps, asker.conferenceId, p.selection)).version,
      ].join('|'),
    run: async (ctx, p) => {
      ctx.progress(0, 0, 'work:stage.reading');
      const ids = await selectedIds(deps.db, ctx.conferenceId, p.selection);
      const input = await deps.badges.input(ctx.conferenceId, ids, p.about, ctx.lang);
      const pdf = await ctx.compute<Uint8Array>('documents.render', input, ctx.progress);
      return { file: { name: 'badge.pdf', contentType: 'application/pdf', bytes: Buffer.from(pdf) } };
    },
  };

  const excel: WorkKind<RegistrantSelection> = {
    name: 'registration.excel',
    params: registrantSelection,
    version: async (asker, p) => [asker.timeZone, (await selectionNow(deps, asker.conferenceId, p)).version].join('|'),
    run: async (ctx, p) => {
      ctx.progress(0, 0, 'work:stage.reading');
      const ids = await selectedIds(deps.db, ctx.conferenceId, p);
      const sheet = await usersTable(deps.db, ctx.conferenceId, ids, ctx.lang, ctx.timeZone, (cid, users, lang) =>
        deps.orders.feeCategoriesOf(cid, users, lang),
      );
      const book = await ctx.compute<Uint8Array>('platform.table', { sheets: [sheet] }, ctx.progress);
      return { file: { name: 'user.xlsx', contentType: XLSX_TYPE, bytes: Buffer.from(book) } };
    },
  };

  return { badges, excel };
}

// One pair per app: the routes ask for the very kinds the front door declares.
const kinds = new WeakMap<Deps, RegistrationWork>();
export function registrationWorkOf(deps: Deps): RegistrationWork {
  let work = kinds.get(deps);
  if (!work) kinds.set(deps, (work = registrationWork(deps)));
  return work;
}
