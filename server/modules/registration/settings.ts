/**
 * The basic registration configuration (spec 3 "Registration basic config"): the window, the
 * instructions, the rule, the fee setting, the cap and the code prefix. The cap's switch and
 * number are the conference's registerFlag / registerNum (spec 3 "Website config").
 */
import type { Db } from '../../db/index';
import { DEFAULT_REGISTER_CAP, windowOpen, type BasicConfig, type RegisterRule } from '../../contract/registration';
import type { BasicConfigView } from '../../contract/registration';
import { type SiteService, registrationSwitches, saveRegistrationSwitches } from '../sites/index';
import { sanitizeHtml } from '../../platform/sanitize';
import { todayIn } from '../../platform/localTime';
import * as repo from './repo';
import * as settingsRepo from './settingsRepo';

export type Settings = BasicConfig & { timeZone: string; lastSeq: number };

export function capOf(s: { registerFlag: boolean; registerNum: number }): number {
  return s.registerFlag ? s.registerNum : DEFAULT_REGISTER_CAP;
}

export async function loadSettings(db: Db, conferenceId: number): Promise<Settings> {
  await settingsRepo.ensureSettings(db, conferenceId);
  // The cap's switch and number and the module switch are the conference record's (sites owns it).
  const [row, switches] = await Promise.all([
    settingsRepo.findSettings(db, conferenceId),
    registrationSwitches(db, conferenceId),
  ]);
  return {
    registerStartDate: row!.start_date,
    registerEndDate: row!.end_date,
    registerInstructionsZh: row!.instructions_zh ?? '',
    registerInstructionsEn: row!.instructions_en ?? '',
    registerRule: row!.register_rule as RegisterRule,
    costsSet: Boolean(row!.costs_set),
    registerFlag: switches.registerFlag,
    registerNum: switches.registerNum,
    codePrefix: row!.code_prefix,
    moduleOn: switches.moduleOn,
    editAfterClose: Boolean(row!.edit_after_close),
    allowWithdraw: Boolean(row!.allow_withdraw),
    timeZone: switches.timeZone,
    lastSeq: Number(row!.last_seq),
  };
}

export async function settingsView(db: Db, conferenceId: number): Promise<BasicConfigView> {
  const s = await loadSettings(db, conferenceId);
  const { lastSeq: _lastSeq, ...config } = s;
  return {
    ...config,
    registered: await repo.countRegistrants(db, conferenceId),
    cap: capOf(s),
    windowOpen: windowOpen(s, todayIn(s.timeZone)),
  };
}

/**
 * Saves the basic tab in one transaction; the site snapshot (register flag, modules) is dropped
 * after. The instructions are the managers' rich text, shown as HTML on the registration page:
 * cleaned here, once, rather than on every page view.
 */
export async function saveSettings(
  db: Db,
  sites: SiteService,
  conferenceId: number,
  input: BasicConfig,
): Promise<BasicConfigView> {
  const instructions = {
    zh: sanitizeHtml(input.registerInstructionsZh),
    en: sanitizeHtml(input.registerInstructionsEn),
  };
  await settingsRepo.ensureSettings(db, conferenceId);
  await db.transaction(async (tx) => {
    await settingsRepo.updateSettings(tx, conferenceId, {
      start_date: input.registerStartDate,
      end_date: input.registerEndDate,
      instructions_zh: instructions.zh,
      instructions_en: instructions.en,
      register_rule: input.registerRule,
      costs_set: input.costsSet,
      code_prefix: input.codePrefix,
      edit_after_close: input.editAfterClose,
      allow_withdraw: input.allowWithdraw,
    });
    await saveRegistrationSwitches(tx, conferenceId, {
      registerFlag: input.registerFlag,
      registerNum: input.registerNum,
      moduleOn: input.moduleOn,
    });
  });
  // The public pages show the register button by the module switch.
  await sites.siteChanged(conferenceId);
  return settingsView(db, conferenceId);
}
