/**
 * A registration's answers as the rules take them: trimmed, checked against the form, turned into
 * the registrant's columns, and the uploads they name claimed (the person's own temporary uploads
 * of this conference) in the transaction that saves the registrant.
 */
import type { Db, Tx } from '../../db/index';
import { AppError } from '../../platform/errors';
import { checkAnswers } from '../../contract/registrationRules';
import { FILE_TYPES, type Answers, type FormRules } from '../../contract/registration';
import { COUNTRY_NAMES } from '../../contract/countries';
import type { Lang } from '../../contract/enums';
import { type FilesService, temporaryFilesNamed } from '../files/index';
import * as fileLinksRepo from './fileLinksRepo';

const COUNTRIES: ReadonlySet<string> = new Set(COUNTRY_NAMES);

export function cleanAnswers(answers: Answers): Answers {
  const out: Answers = {};
  for (const [key, value] of Object.entries(answers))
    out[key] = Array.isArray(value) ? value.map((v) => v.trim()).filter(Boolean) : value.trim();
  return out;
}

/** The account name of a person registering without one (spec 3): first + last name, else the full name. */
export function trueNameOf(answers: Answers): string {
  const first = String(answers.firstName ?? '');
  const last = String(answers.lastName ?? '');
  return (
    first && last ? `${first}${/[\u4e00-\u9fff]/.test(first + last) ? '' : ' '}${last}` : String(answers.fullName ?? '')
  ).slice(0, 100);
}

export function registrantColumns(answers: Answers, email: string) {
  const text = (key: string, max: number) =>
    typeof answers[key] === 'string' ? (answers[key] as string).slice(0, max) : '';
  return {
    email,
    full_name: text('fullName', 100),
    first_name: text('firstName', 100),
    middle_name: text('middleName', 100),
    last_name: text('lastName', 100),
    phone: text('tel', 40),
    country: text('country', 100),
    unit: text('unit', 200),
  };
}

/** The stored names of the files the answers name, by field. */
function filesIn(rules: FormRules, answers: Answers): Array<{ field: string; name: string }> {
  return rules.items
    .filter((i) => FILE_TYPES.has(i.type) && Array.isArray(answers[i.field]))
    .flatMap((i) => (answers[i.field] as string[]).map((name) => ({ field: i.field, name })));
}

export function assertAnswers(rules: FormRules, answers: Answers, lang: Lang): void {
  const problem = checkAnswers(rules, answers, lang, COUNTRIES);
  if (problem) throw new AppError(400, problem.key, { field: problem.field, params: problem.params });
}

/** Temporary uploads the answers name must be the actor's own, of this conference, unclaimed. */
export async function claimableUploads(
  db: Db,
  conferenceId: number,
  rules: FormRules,
  answers: Answers,
  uploader: number | null,
  keep: Map<string, number> = new Map(),
) {
  const named = filesIn(rules, answers);
  const fresh = named.filter((f) => !keep.has(f.name));
  const rows = await temporaryFilesNamed(
    db,
    conferenceId,
    fresh.map((f) => f.name),
  );
  const byName = new Map(rows.map((r) => [r.storedName, r]));
  for (const f of fresh) {
    const row = byName.get(f.name);
    if (!row || row.createdBy !== uploader) throw new AppError(400, 'registration:fileMissing', { field: f.field });
  }
  return {
    claim: fresh.map((f) => ({ id: byName.get(f.name)!.id, field: f.field })),
    kept: named.filter((f) => keep.has(f.name)).map((f) => f.name),
  };
}

/** Claims the uploads and links them; one swept or claimed meanwhile refuses the whole save. */
export async function claimUploads(
  tx: Tx,
  files: FilesService,
  conferenceId: number,
  registrantId: number,
  claim: Array<{ id: number; field: string }>,
): Promise<void> {
  const claimed = new Set(
    await files.claimTemporary(
      tx,
      conferenceId,
      claim.map((f) => f.id),
    ),
  );
  const lost = claim.find((f) => !claimed.has(f.id));
  if (lost) throw new AppError(400, 'registration:fileMissing', { field: lost.field });
  await fileLinksRepo.linkFiles(tx, conferenceId, registrantId, claim);
}
