/**
 * The registration form and its versions (spec 3 "Registration form (user) config"). A version
 * is a whole form; 'default' always exists (a conference that never saved one gets the
 * contract's default form) and cannot be deleted.
 */
import type { Db, Tx } from '../../db/index';
import { parseJson } from '../../db/dialect';
import { AppError } from '../../platform/errors';
import { DEFAULT_VERSION, type Answers, type FormOption, type FormRules } from '../../contract/registration';
import { defaultRules, formRulesSchema } from '../../contract/registrationRules';
import { isCountry } from '../../contract/countries';
import * as repo from './repo';
import * as settingsRepo from './settingsRepo';

export type FormVersion = { version: string; registrants: number; updatedAt: string | null };

/** The form of a version, or null when that version does not exist. */
export async function loadRules(db: Db | Tx, conferenceId: number, version: string): Promise<FormRules | null> {
  const row = await settingsRepo.findForm(db, conferenceId, version);
  if (row) {
    const parsed = formRulesSchema.safeParse(parseJson(row.rules, null));
    if (parsed.success) return parsed.data;
  }
  return version === DEFAULT_VERSION ? defaultRules() : null;
}

export async function requireRules(db: Db | Tx, conferenceId: number, version: string): Promise<FormRules> {
  const rules = await loadRules(db, conferenceId, version);
  if (!rules) throw new AppError(404, 'registration:versionNotFound', { field: 'version' });
  return rules;
}

export async function versions(db: Db, conferenceId: number): Promise<FormVersion[]> {
  const rows = await settingsRepo.listForms(db, conferenceId);
  const counts = await repo.countByVersion(db, conferenceId);
  const list: FormVersion[] = rows.map((r) => ({
    version: r.version,
    registrants: counts.get(r.version) ?? 0,
    updatedAt: r.updated_at,
  }));
  if (!list.some((v) => v.version === DEFAULT_VERSION))
    list.unshift({ version: DEFAULT_VERSION, registrants: counts.get(DEFAULT_VERSION) ?? 0, updatedAt: null });
  return list;
}

/** Saves a version's form (creating the version when new). The countries must be known names. */
/**
 * The items a new form hides or drops that registrants of this version answered (issue 18): the
 * screen warns before such a save; the answers stay stored and readable in the details and exports.
 */
export async function answeredItemsHidden(
  db: Db,
  conferenceId: number,
  version: string,
  next: FormRules,
): Promise<{ titles: string[]; registrants: number }> {
  const before = await loadRules(db, conferenceId, version);
  if (!before) return { titles: [], registrants: 0 };
  const stillShown = new Set(next.items.filter((i) => i.mode !== 'hidden').map((i) => i.field));
  const going = before.items.filter((i) => i.mode !== 'hidden' && !stillShown.has(i.field) && i.field !== 'email');
  if (!going.length) return { titles: [], registrants: 0 };
  const answered = new Set<string>();
  let registrants = 0;
  for (const raw of await repo.answersOfVersion(db, conferenceId, version)) {
    const answers = parseJson<Answers>(raw, {});
    const hit = going.filter((i) => hasAnswer(answers[i.field]));
    if (hit.length) registrants++;
    for (const i of hit) answered.add(i.field);
  }
  return {
    titles: going.filter((i) => answered.has(i.field)).map((i) => i.titleZh || i.titleEn || i.field),
    registrants,
  };
}

const hasAnswer = (v: unknown) => (Array.isArray(v) ? v.length > 0 : typeof v === 'string' && v.trim() !== '');

export async function saveRules(db: Db, conferenceId: number, version: string, rules: FormRules): Promise<void> {
  const parsed = formRulesSchema.safeParse(rules);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError(400, /^[a-zA-Z]+:[a-zA-Z]+$/.test(issue.message) ? issue.message : 'commonMsg.invalidInput', {
      field: issue.path.join('.'),
    });
  }
  if (parsed.data.countries.some((c) => !isCountry(c)))
    throw new AppError(400, 'registration:countryUnknown', { field: 'countries' });
  await settingsRepo.upsertForm(db, conferenceId, version, JSON.stringify(parsed.data));
}

/** A new version starting as a copy of another. */
export async function copyVersion(db: Db, conferenceId: number, from: string, to: string): Promise<void> {
  if (await settingsRepo.findForm(db, conferenceId, to))
    throw new AppError(400, 'registration:versionExists', { field: 'version' });
  if (to === DEFAULT_VERSION) throw new AppError(400, 'registration:versionExists', { field: 'version' });
  await saveRules(db, conferenceId, to, await requireRules(db, conferenceId, from));
}

/** Deletes a version; 'default' and versions someone registered with stay. */
export async function deleteVersion(db: Db, conferenceId: number, version: string): Promise<void> {
  if (version === DEFAULT_VERSION)
    throw new AppError(400, 'registration:versionUndeletable', { field: 'version', params: { version } });
  const used = (await repo.countByVersion(db, conferenceId)).get(version) ?? 0;
  if (used > 0) throw new AppError(400, 'registration:versionInUse', { field: 'version' });
  if (!(await settingsRepo.deleteForm(db, conferenceId, version)))
    throw new AppError(404, 'registration:versionNotFound', { field: 'version' });
}

/** The options of one item (findByField). */
export async function optionsOf(db: Db, conferenceId: number, version: string, field: string): Promise<FormOption[]> {
  const item = (await requireRules(db, conferenceId, version)).items.find((i) => i.field === field);
  if (!item) throw new AppError(404, 'registration:unknownField', { field: 'field' });
  return item.options;
}

/** Replaces the options of one item (saveOptions), or removes one option (deleteOptions). */
export async function changeOptions(
  db: Db,
  conferenceId: number,
  version: string,
  field: string,
  change: (options: FormOption[]) => FormOption[],
): Promise<FormOption[]> {
  const rules = await requireRules(db, conferenceId, version);
  const item = rules.items.find((i) => i.field === field);
  if (!item) throw new AppError(404, 'registration:unknownField', { field: 'field' });
  item.options = change(item.options);
  await saveRules(db, conferenceId, version, rules);
  return item.options;
}

/** Sets the allowed countries of a version (saveCountryOptions); empty means all. */
export async function saveCountries(db: Db, conferenceId: number, version: string, countries: string[]): Promise<void> {
  const rules = await requireRules(db, conferenceId, version);
  await saveRules(db, conferenceId, version, { ...rules, countries });
}
