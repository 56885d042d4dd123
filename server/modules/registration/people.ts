/**
 * Registrants as other modules see them: documents (badge, letter, ticket) and exports read
 * people through these functions, never through the registration tables.
 */
import type { Db } from '../../db/index';
import { parseJson } from '../../db/dialect';
import type { DocumentPerson } from '../../contract/documents';
import { displayName } from '../../contract/registrationRules';
import { type Answers, type FormItem, type FormRules } from '../../contract/registration';
import { countryLabel } from '../../contract/countries';
import type { Lang } from '../../contract/enums';
import { conferenceTimeZone } from '../sites/index';
import * as repo from './repo';
import { loadRules } from './forms';
import { dayIn } from '../../platform/localTime';
import { textIn } from '../../contract/bilingual';

function optionText(item: FormItem | undefined, value: string, lang: Lang): string {
  const option = item?.options.find((o) => o.value === value);
  if (!option) return value;
  return textIn(option, lang) || value;
}

/** An answer as text a person reads: option labels, country names, files by count. */
export function answerText(
  item: FormItem | undefined,
  value: Answers[string] | undefined,
  lang: Lang,
  fileNames: string[] = [],
): string {
  if (value === undefined) return '';
  if (item && (item.type === 'file' || item.type === 'photo')) return fileNames.join(', ');
  if (item?.type === 'country' && typeof value === 'string') return countryLabel(value, lang);
  if (Array.isArray(value)) return value.map((v) => optionText(item, v, lang)).join(', ');
  return optionText(item, value, lang);
}

export function personOf(
  row: repo.RegistrantRow,
  rules: FormRules | null,
  lang: Lang,
  timeZone: string,
  userName = '',
): DocumentPerson {
  const answers = parseJson<Answers>(row.answers, {});
  const items = new Map((rules?.items ?? []).map((i) => [i.field, i]));
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(answers)) fields[key] = answerText(items.get(key), value, lang);
  return {
    code: row.code,
    name: displayName({
      fullName: row.full_name,
      firstName: row.first_name,
      middleName: row.middle_name,
      lastName: row.last_name,
      userName,
    }),
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    unit: row.unit,
    country: row.country,
    phone: row.phone,
    registeredOn: dayIn(timeZone, row.created_at),
    fields,
  };
}

export class RegistrationPeople {
  constructor(private readonly db: Db) {}

  private timeZone(conferenceId: number): Promise<string> {
    return conferenceTimeZone(this.db, conferenceId);
  }

  /** Whether the person is registered here (one query; forUser builds the whole document person). */
  async isRegistered(conferenceId: number, userId: number): Promise<boolean> {
    return (await repo.findRegistrantByUser(this.db, conferenceId, userId)) !== undefined;
  }

  async forUser(conferenceId: number, userId: number, lang: Lang): Promise<DocumentPerson | null> {
    const row = await repo.findRegistrantByUser(this.db, conferenceId, userId);
    if (!row) return null;
    return personOf(row, await loadRules(this.db, conferenceId, row.version), lang, await this.timeZone(conferenceId));
  }

  /** People in the order of `ids`; ids of other conferences or deleted registrants are skipped. */
  async forIds(conferenceId: number, ids: number[], lang: Lang): Promise<DocumentPerson[]> {
    const rows = await repo.registrantsByIds(this.db, conferenceId, ids);
    const zone = await this.timeZone(conferenceId);
    const rulesByVersion = new Map<string, FormRules | null>();
    for (const version of new Set(rows.map((r) => r.version)))
      rulesByVersion.set(version, await loadRules(this.db, conferenceId, version));
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [personOf(row, rulesByVersion.get(row.version) ?? null, lang, zone)] : [];
    });
  }

  /** The fields a document layout may print: the default form's items (custom ones included). */
  async fieldList(conferenceId: number): Promise<Array<{ key: string; labelZh: string; labelEn: string }>> {
    const rules = await loadRules(this.db, conferenceId, 'default');
    return (rules?.items ?? [])
      .filter((i) => i.mode !== 'hidden' && i.type !== 'file' && i.type !== 'photo' && i.field !== 'name')
      .map((i) => ({ key: i.field, labelZh: i.titleZh || i.titleEn, labelEn: i.titleEn || i.titleZh }));
  }
}
