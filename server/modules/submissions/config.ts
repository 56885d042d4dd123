/**
 * The call for papers as managers configure it (/platform/config/contribute; spec 3 "Submission
 * config", "Layout config", "Theme / session", "Report type, category"; 5 "Submission config"):
 * the settings, the book's layout, the sessions with their sub-sessions, the report types and the
 * categories. A change the book of abstracts prints (a session's title, the layout) marks a cached
 * book stale in the same transaction.
 */
import type { Db, Tx } from '../../db/index';
import { inTransaction } from '../../db/transaction';
import {
  DEFAULT_LAYOUT,
  type ContributeConfig,
  type LayoutInput,
  type SessionInput,
  type SettingsInput,
  type TermKind,
} from '../../contract/submissions';
import { AppError, notFound } from '../../platform/errors';
import { sanitizeHtml } from '../../platform/sanitize';
import { NO_SETTINGS, presentLayout, presentSettings, presentTerm, sessionTree } from './present';
import * as configRepo from './configRepo';

export class SubmissionConfig {
  constructor(private readonly db: Db) {}

  async config(conferenceId: number): Promise<ContributeConfig> {
    const [settings, sessions, terms] = await Promise.all([
      configRepo.findSettings(this.db, conferenceId),
      configRepo.listSessions(this.db, conferenceId),
      configRepo.listTerms(this.db, conferenceId),
    ]);
    return {
      settings: presentSettings(settings),
      layout: presentLayout(settings),
      sessions: sessionTree(sessions),
      reportTypes: terms.filter((t) => t.kind === 'reportType').map(presentTerm),
      categories: terms.filter((t) => t.kind === 'category').map(presentTerm),
    };
  }

  async saveSettings(conferenceId: number, input: SettingsInput): Promise<ContributeConfig> {
    await inTransaction(this.db, async (tx) => {
      const before = await configRepo.lockSettings(tx, conferenceId);
      await configRepo.upsertSettings(
        tx,
        conferenceId,
        {
          enabled: input.enabled,
          start_date: input.startDate,
          end_date: input.endDate,
          second_deadline: input.secondDeadline,
          abstract_mode: input.abstractMode,
          abstract_max_chars: input.abstractMaxChars,
          abstract_file: JSON.stringify(input.abstractFile),
          full_text: JSON.stringify(input.fullText),
          author_info: input.authorInfo,
          category_mode: input.category,
          report_type_mode: input.reportType,
          keywords_mode: input.keywords,
          limit_per_person: input.limitPerPerson,
          max_per_person: input.limitPerPerson ? input.maxPerPerson : 0,
          max_total: input.maxTotal,
          instructions_zh: sanitizeHtml(input.instructionsZh),
          instructions_en: sanitizeHtml(input.instructionsEn),
          edit_after_accept: input.editAfterAccept,
          saved: true,
          ...(before ? {} : { layout: JSON.stringify(DEFAULT_LAYOUT) }),
        },
        Boolean(before),
      );
    });
    return this.config(conferenceId);
  }

  async saveLayout(conferenceId: number, input: LayoutInput): Promise<ContributeConfig> {
    await inTransaction(this.db, async (tx) => {
      await this.ensureSettings(tx, conferenceId);
      await configRepo.upsertSettings(tx, conferenceId, { layout: JSON.stringify(input) }, true);
      await configRepo.bumpBook(tx, conferenceId);
    });
    return this.config(conferenceId);
  }

  /** Sessions and terms may be set up before the settings are saved: a row of defaults (not 'saved') holds the book's version. */
  private async ensureSettings(tx: Tx, conferenceId: number): Promise<void> {
    if (await configRepo.lockSettings(tx, conferenceId)) return;
    const d = NO_SETTINGS;
    await configRepo.upsertSettings(
      tx,
      conferenceId,
      {
        enabled: false,
        start_date: '',
        end_date: '',
        second_deadline: '',
        abstract_mode: d.abstractMode,
        abstract_max_chars: d.abstractMaxChars,
        abstract_file: JSON.stringify(d.abstractFile),
        full_text: JSON.stringify(d.fullText),
        author_info: d.authorInfo,
        category_mode: d.category,
        report_type_mode: d.reportType,
        keywords_mode: d.keywords,
        limit_per_person: false,
        max_per_person: 0,
        max_total: 0,
        instructions_zh: '',
        instructions_en: '',
        edit_after_accept: false,
        layout: JSON.stringify(DEFAULT_LAYOUT),
        saved: false,
      },
      false,
    );
  }

  // ── sessions ───────────────────────────────────────────────────────────────────────────

  /** A sub-session's parent must be a top-level session of this conference with no manuscript filed directly under it. */
  private async checkParent(tx: Tx, conferenceId: number, parentId: number | null, self?: number): Promise<void> {
    if (parentId == null) return;
    const parent = await configRepo.findSession(tx, conferenceId, parentId);
    if (!parent || parent.parent_id != null || parentId === self)
      throw new AppError(400, 'submissions:parentInvalid', { field: 'parentId' });
    if (await configRepo.filedDirectlyUnder(tx, conferenceId, parentId))
      throw new AppError(409, 'submissions:parentHasSubmissions', { field: 'parentId' });
  }

  async createSession(conferenceId: number, input: SessionInput): Promise<ContributeConfig> {
    await inTransaction(this.db, async (tx) => {
      await this.ensureSettings(tx, conferenceId);
      await this.checkParent(tx, conferenceId, input.parentId);
      await configRepo.insertSession(tx, conferenceId, {
        parent_id: input.parentId,
        title_zh: input.titleZh,
        title_en: input.titleEn,
        prefix: input.prefix,
        sort: input.sort,
      });
      await configRepo.bumpBook(tx, conferenceId);
    });
    return this.config(conferenceId);
  }

  async updateSession(conferenceId: number, id: number, input: SessionInput): Promise<ContributeConfig> {
    await inTransaction(this.db, async (tx) => {
      await this.ensureSettings(tx, conferenceId);
      const session = await configRepo.lockSession(tx, conferenceId, id);
      if (!session) throw notFound('submissions:notFound');
      const parentBefore = session.parent_id == null ? null : session.parent_id;
      if (input.parentId !== parentBefore) {
        // Moving a session in the tree would move its manuscripts' place in it: only while none use it.
        const children = (await configRepo.listSessions(tx, conferenceId)).some((s) => s.parent_id === id);
        if (children && input.parentId != null)
          throw new AppError(409, 'submissions:parentInvalid', { field: 'parentId' });
        if (
          (await configRepo.used(tx, conferenceId, 'session_id', id)) ||
          (await configRepo.used(tx, conferenceId, 'sub_session_id', id))
        )
          throw new AppError(409, 'submissions:sessionInUse', { field: 'parentId' });
        await this.checkParent(tx, conferenceId, input.parentId, id);
      }
      await configRepo.updateSession(tx, conferenceId, id, {
        parent_id: input.parentId,
        title_zh: input.titleZh,
        title_en: input.titleEn,
        prefix: input.prefix,
        sort: input.sort,
      });
      await configRepo.bumpBook(tx, conferenceId);
    });
    return this.config(conferenceId);
  }

  async removeSession(conferenceId: number, id: number): Promise<ContributeConfig> {
    await inTransaction(this.db, async (tx) => {
      const session = await configRepo.lockSession(tx, conferenceId, id);
      if (!session) throw notFound('submissions:notFound');
      if ((await configRepo.listSessions(tx, conferenceId)).some((s) => s.parent_id === id))
        throw new AppError(409, 'submissions:hasChildren');
      if (
        (await configRepo.used(tx, conferenceId, 'session_id', id)) ||
        (await configRepo.used(tx, conferenceId, 'sub_session_id', id))
      )
        throw new AppError(409, 'submissions:sessionInUse');
      await configRepo.deleteSession(tx, conferenceId, id);
      await configRepo.bumpBook(tx, conferenceId);
    });
    return this.config(conferenceId);
  }

  // ── report types and categories ────────────────────────────────────────────────────────

  async createTerm(
    conferenceId: number,
    kind: TermKind,
    input: { titleZh: string; titleEn: string; sort: number },
  ): Promise<ContributeConfig> {
    await inTransaction(this.db, (tx) =>
      configRepo.insertTerm(tx, conferenceId, {
        kind,
        title_zh: input.titleZh,
        title_en: input.titleEn,
        sort: input.sort,
      }),
    );
    return this.config(conferenceId);
  }

  async updateTerm(
    conferenceId: number,
    kind: TermKind,
    id: number,
    input: { titleZh: string; titleEn: string; sort: number },
  ): Promise<ContributeConfig> {
    await inTransaction(this.db, async (tx) => {
      if (!(await configRepo.findTerm(tx, conferenceId, kind, id))) throw notFound('submissions:notFound');
      await configRepo.updateTerm(tx, conferenceId, kind, id, {
        title_zh: input.titleZh,
        title_en: input.titleEn,
        sort: input.sort,
      });
    });
    return this.config(conferenceId);
  }

  async removeTerm(conferenceId: number, kind: TermKind, id: number): Promise<ContributeConfig> {
    await inTransaction(this.db, async (tx) => {
      if (!(await configRepo.findTerm(tx, conferenceId, kind, id))) throw notFound('submissions:notFound');
      if (await configRepo.used(tx, conferenceId, kind === 'reportType' ? 'report_type_id' : 'category_id', id))
        throw new AppError(409, 'submissions:termInUse');
      await configRepo.deleteTerm(tx, conferenceId, kind, id);
    });
    return this.config(conferenceId);
  }
}
