/** Registration set-up for tests: an open window, and a form, written as a manager would save them. */
import type { Db } from '../../server/db/index';
import * as settingsRepo from '../../server/modules/registration/settingsRepo';
import { saveRules } from '../../server/modules/registration/forms';
import { todayIn } from '../../server/platform/localTime';
import type { FormRules } from '../../server/contract/registration';

const DAY = 86_400_000;

/** Opens the registration window around today (or sets the given days) and the other basics. */
export async function openRegistration(
  db: Db,
  conferenceId: number,
  opts: {
    start?: string;
    end?: string;
    instructionsZh?: string;
    instructionsEn?: string;
    registerFlag?: boolean;
    registerNum?: number;
    prefix?: string;
    costsSet?: boolean;
  } = {},
): Promise<void> {
  await settingsRepo.ensureSettings(db, conferenceId);
  await settingsRepo.updateSettings(db, conferenceId, {
    start_date: opts.start ?? todayIn('Asia/Shanghai', new Date(Date.now() - 10 * DAY)),
    end_date: opts.end ?? todayIn('Asia/Shanghai', new Date(Date.now() + 10 * DAY)),
    instructions_zh: opts.instructionsZh ?? '',
    instructions_en: opts.instructionsEn ?? '',
    code_prefix: opts.prefix ?? 'T-',
    // whether the conference charges fees: its fee page says 'service not opened' otherwise (spec 8)
    ...(opts.costsSet === undefined ? {} : { costs_set: opts.costsSet }),
  });
  if (opts.registerFlag !== undefined || opts.registerNum !== undefined) {
    await db('conferences')
      .where({ id: conferenceId })
      .update({ register_flag: opts.registerFlag ?? false, register_num: opts.registerNum ?? 0 });
  }
}

export async function setForm(db: Db, conferenceId: number, version: string, rules: FormRules): Promise<void> {
  await saveRules(db, conferenceId, version, rules);
}
