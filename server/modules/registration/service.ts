/**
 * Conference registration (spec 2.8, 5 "Conference registration form"): a person registers
 * themself, or a manager adds, edits or deletes a registrant. Every rule is enforced here.
 *
 * The cap (registerNum when registerFlag is set, 1000 otherwise) and the registration number
 * are decided inside one transaction through the capacity helper (server/db/capacity.ts): it
 * locks the conference's registration_settings row (SELECT ... FOR UPDATE on MySQL; SQLite's
 * single writer serialises), then counts. A refused registration writes nothing: no account,
 * no registrant, no claimed file.
 */
import type { Db, Tx } from '../../db/index';
import { isUniqueViolation, parseJson } from '../../db/dialect';
import { inTransaction } from '../../db/transaction';
import { reserveCapacity } from '../../db/capacity';
import { AppError } from '../../platform/errors';
import { displayName } from '../../contract/registrationRules';
import { windowOpen, type Answers, type FormRules } from '../../contract/registration';

import type { Lang } from '../../contract/enums';
import { createAccount, findAccountByEmail } from '../accounts/index';
import type { EventBus } from '../../platform/events';
import { type FilesService, deleteFiles } from '../files/index';
import { requireRules } from './forms';
import { capOf, loadSettings, type Settings } from './settings';
import { todayIn } from '../../platform/localTime';
import * as repo from './repo';
import * as settingsRepo from './settingsRepo';
import { zhOrEn } from '../../contract/bilingual';
import { assertAnswers, claimableUploads, claimUploads, cleanAnswers, registrantColumns, trueNameOf } from './answers';
import * as fileLinksRepo from './fileLinksRepo';

export type SelfRegistration = {
  version: string;
  answers: Answers;
  noticeAccepted?: boolean;
};

export type Registered = {
  registrantId: number;
  code: string;
  userId: number;
  createdAccount: boolean;
  /** the registration mail was queued */ mailed: boolean;
};

/** Who acts: the person themself (signed in), or a manager (who may add someone without an account). */
type Actor = { userId: number | null; email: string | null; trueName: string; manager: boolean };

/**
 * How the registration mail is written: in the language of the person registering themself; for
 * someone a manager added, in the site's language (both on a bilingual site: the person's is not
 * known), saying that the organisers registered them and, when their account was just made, how
 * to set its password.
 */
export type RegistrationMailHow = { lang: Lang; byManager: boolean; createdAccount: boolean };

/**
 * Work done inside the registration transaction (the registration mail): prepared before the
 * transaction begins, so that it reads nothing outside it while the registration holds its lock.
 */
export type RegistrationHooks = {
  prepare?(
    conferenceId: number,
  ): Promise<(tx: Tx, registrant: repo.RegistrantRow, how: RegistrationMailHow) => Promise<void>>;
  /**
   * Whether the registration mail may go to an address a manager typed (the mail gate: not to
   * strangers while unpublished, within the daily budget); its places are given back on failure.
   */
  admitManagerMail?(conferenceId: number, email: string): Promise<{ to: string[]; release(): Promise<void> }>;
};

/** A registrant's contact as other features prefill their forms with it (hotel bookers, authors). */
export type Contact = {
  email: string;
  name: string;
  unit: string;
  phone: string;
  firstName: string;
  lastName: string;
  country: string;
};

export class RegistrationService {
  constructor(
    private readonly db: Db,
    private readonly files: FilesService,
    private readonly events: EventBus,
    private readonly hooks: RegistrationHooks = {},
  ) {}

  /**
   * The person's own registration on the conference's form (POST /conference/conferenceUser).
   * A signed-in person registers themself. Someone without an account first gets one through the
   * platform's frame on the page (docs/accounts.md): no password is ever typed on a conference's
   * origin, so this call takes none.
   */
  async registerSelf(
    conferenceId: number,
    who: { userId: number; email: string; trueName: string },
    input: SelfRegistration,
    lang: Lang,
  ): Promise<Registered> {
    const settings = await loadSettings(this.db, conferenceId);
    if (!windowOpen(settings, todayIn(settings.timeZone))) throw new AppError(400, 'commonMsg.dataMsgConfReg');
    const rules = await requireRules(this.db, conferenceId, input.version);
    const answers = cleanAnswers(input.answers);
    if (await repo.findRegistrantByUser(this.db, conferenceId, who.userId))
      throw new AppError(400, 'authentication.hasAttendConference', { field: 'email' });
    // The e-mail of a signed-in person is their account's (pre-filled and disabled on the form).
    answers.email = who.email.toLowerCase();
    const notice = zhOrEn(settings.registerInstructionsZh, settings.registerInstructionsEn, lang);
    if (notice.trim() && !input.noticeAccepted)
      throw new AppError(400, 'userReg.selectedNotice', { field: 'noticeAccepted' });
    assertAnswers(rules, answers, lang);
    const actor: Actor = { ...who, manager: false };
    return this.create(conferenceId, settings, rules, input.version, answers, actor, lang, async () => ({
      userId: who.userId,
      created: false,
    }));
  }

  /** A manager adds a registrant by hand (addUser): the account is made without a password when new. */
  async addByManager(
    conferenceId: number,
    managerId: number,
    version: string,
    input: Answers,
    lang: Lang,
  ): Promise<Registered> {
    const settings = await loadSettings(this.db, conferenceId);
    const rules = await requireRules(this.db, conferenceId, version);
    const answers = cleanAnswers(input);
    answers.email = String(answers.email ?? '').toLowerCase();
    assertAnswers(rules, answers, lang);
    const email = answers.email;
    if (await repo.findRegistrantByEmail(this.db, conferenceId, email))
      throw new AppError(400, 'authentication.hasAttendConference', { field: 'email' });
    const actor: Actor = { userId: managerId, email, trueName: trueNameOf(answers), manager: true };
    // Counted before the transaction (the budget is not undone by a rollback), given back on failure.
    const admitted = this.hooks.admitManagerMail
      ? await this.hooks.admitManagerMail(conferenceId, email)
      : { to: [email], release: async () => undefined };
    try {
      return await this.create(
        conferenceId,
        settings,
        rules,
        version,
        answers,
        actor,
        lang,
        async (tx) => {
          const account = await findAccountByEmail(tx, email);
          if (account) return { userId: account.id, created: false };
          return {
            userId: await createAccount(tx, { email, trueName: actor.trueName, passwordHash: null, verified: false }),
            created: true,
          };
        },
        admitted.to.length > 0,
      );
    } catch (err) {
      await admitted.release();
      throw err;
    }
  }

  private async create(
    conferenceId: number,
    settings: Settings,
    rules: FormRules,
    version: string,
    answers: Answers,
    actor: Actor,
    lang: Lang,
    account: (tx: Tx) => Promise<{ userId: number; created: boolean }>,
    mail = true,
  ): Promise<Registered> {
    const { claim } = await claimableUploads(this.db, conferenceId, rules, answers, actor.userId);
    const registered = mail ? await this.hooks.prepare?.(conferenceId) : undefined;
    try {
      return await inTransaction(this.db, async (tx) => {
        const {
          rows: [locked],
        } = await reserveCapacity(tx, {
          lock: [settingsRepo.settingsLock(conferenceId)],
          count: () => repo.countRegistrants(tx, conferenceId),
          limit: capOf(settings),
          refuse: () => new AppError(400, 'userReg.registerMsg'),
        });
        const { userId, created } = await account(tx);
        if (await repo.findRegistrantByUser(tx, conferenceId, userId))
          throw new AppError(400, 'authentication.hasAttendConference', { field: 'email' });
        const seq = settingsRepo.lastSeqOf(locked) + 1;
        const code = `${settings.codePrefix || 'REG-'}${String(seq).padStart(4, '0')}`;
        const row = {
          user_id: userId,
          version,
          seq,
          code,
          answers: JSON.stringify(answers),
          added_by: actor.manager ? actor.userId : null,
          ...registrantColumns(answers, String(answers.email)),
        };
        const id = await repo.insertRegistrant(tx, conferenceId, row);
        await settingsRepo.updateSettings(tx, conferenceId, { last_seq: seq });
        await claimUploads(tx, this.files, conferenceId, id, claim);
        await this.events.emit(tx, 'registration.created', { conferenceId, registrantId: id, userId });
        await registered?.(tx, (await repo.findRegistrant(tx, conferenceId, id))!, {
          lang,
          byManager: actor.manager,
          createdAccount: created,
        });
        return { registrantId: id, code, userId, createdAccount: created, mailed: Boolean(registered) };
      });
    } catch (err) {
      // The same person registering twice at once: the unique index keeps one.
      if (isUniqueViolation(err)) throw new AppError(400, 'authentication.hasAttendConference', { field: 'email' });
      throw err;
    }
  }

  /**
   * Changes a registrant's answers (the person's own, or a manager's edit). The e-mail stays;
   * files no longer named are deleted, new ones are claimed.
   */
  async update(
    conferenceId: number,
    registrantId: number,
    input: Answers,
    lang: Lang,
    editor: { userId: number; manager: boolean },
  ): Promise<void> {
    const existing = await repo.findRegistrant(this.db, conferenceId, registrantId);
    if (!existing || (!editor.manager && existing.user_id !== editor.userId))
      throw new AppError(404, 'registration:registrantNotFound');
    const rules = await requireRules(this.db, conferenceId, existing.version);
    const answers = cleanAnswers(input);
    answers.email = existing.email;
    assertAnswers(rules, answers, lang);
    const current = await fileLinksRepo.fileRowsOf(this.db, conferenceId, registrantId);
    const { claim, kept } = await claimableUploads(
      this.db,
      conferenceId,
      rules,
      answers,
      editor.userId,
      new Map(current.map((f) => [f.stored_name, f.file_id])),
    );
    const dropped = current.filter((f) => !kept.includes(f.stored_name));
    await inTransaction(this.db, async (tx) => {
      await repo.updateRegistrant(tx, conferenceId, registrantId, {
        answers: JSON.stringify(answers),
        ...registrantColumns(answers, existing.email),
      });
      await deleteFiles(
        tx,
        conferenceId,
        dropped.map((f) => f.file_id),
      );
      await claimUploads(tx, this.files, conferenceId, registrantId, claim);
    });
    await this.files.removeStored(
      conferenceId,
      dropped.map((f) => f.stored_name),
    );
  }

  /** Deletes a registrant, their files and their attendee role (spec 2.12 "Delete"). */
  async remove(conferenceId: number, registrantId: number): Promise<void> {
    const existing = await repo.findRegistrant(this.db, conferenceId, registrantId);
    if (!existing) throw new AppError(404, 'registration:registrantNotFound');
    const files = await fileLinksRepo.fileRowsOf(this.db, conferenceId, registrantId);
    await inTransaction(this.db, async (tx) => {
      await deleteFiles(
        tx,
        conferenceId,
        files.map((f) => f.file_id),
      );
      await repo.deleteRegistrant(tx, conferenceId, registrantId);
      await this.events.emit(tx, 'registrant.deleted', { conferenceId, registrantId, userId: existing.user_id });
    });
    await this.files.removeStored(
      conferenceId,
      files.map((f) => f.stored_name),
    );
  }

  /**
   * What the fees feature needs of a person's registration: their country (the fee's user scope),
   * or null when they have not registered. Other features read registrants only through here.
   */
  async personOf(conferenceId: number, userId: number): Promise<{ country: string } | null> {
    const row = await repo.findRegistrantByUser(this.db, conferenceId, userId);
    return row ? { country: row.country ?? '' } : null;
  }

  /** How the registration names a person's contact (a hotel booking's prefilled fields); null when not registered. */
  async contactOf(conferenceId: number, userId: number): Promise<Contact | null> {
    const row = await repo.findRegistrantByUser(this.db, conferenceId, userId);
    if (!row) return null;
    const name = row.full_name || [row.first_name, row.middle_name, row.last_name].filter(Boolean).join(' ');
    return {
      email: row.email ?? '',
      name,
      unit: row.unit ?? '',
      phone: row.phone ?? '',
      firstName: row.first_name ?? '',
      lastName: row.last_name ?? '',
      country: row.country ?? '',
    };
  }

  /** The fee setting and registration rule of the basic configuration (spec 3), for the fee page. */
  async feeSettings(conferenceId: number): Promise<{ costsSet: boolean; registerRule: string }> {
    const settings = await loadSettings(this.db, conferenceId);
    return { costsSet: settings.costsSet, registerRule: settings.registerRule };
  }

  /** The name shown for a registrant row. */
  static nameOf(row: repo.RegistrantRow, userName = ''): string {
    return displayName({
      fullName: row.full_name,
      firstName: row.first_name,
      middleName: row.middle_name,
      lastName: row.last_name,
      userName,
    });
  }

  static answersOf(row: repo.RegistrantRow): Answers {
    return parseJson<Answers>(row.answers, {});
  }
}
