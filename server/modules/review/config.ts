/**
 * The review configuration (/platform/config/review; spec 3 "Review config", 5): the settings
 * (blind review, the five scores, the chair's opinion final or not, reviewers per manuscript, the
 * most a reviewer takes) and the detail rules. Until a manager saves them the defaults are shown
 * and used.
 */
import type { Db } from '../../db/index';
import { inTransaction } from '../../db/transaction';
import {
  DEFAULT_REVIEW_SETTINGS,
  REVIEW_LIMITS,
  SCORE_KEYS,
  type ReviewConfig,
  type ReviewRule,
  type ReviewSettings,
  type RuleInput,
  type ScoreRule,
  type SettingsInput,
} from '../../contract/review';
import { AppError, notFound } from '../../platform/errors';
import type { EventBus } from '../../platform/events';
import * as repo from './repo';

function presentSettings(row: repo.SettingsRow | undefined): ReviewSettings {
  if (!row) return DEFAULT_REVIEW_SETTINGS;
  const stored = JSON.parse(row.scores) as ScoreRule[];
  // In spec order, whatever order they were stored in.
  const scores = SCORE_KEYS.map(
    (key) => stored.find((s) => s.key === key) ?? { key, enabled: false, max: 10, weight: 0 },
  );
  return {
    blind: Boolean(row.blind),
    chairFinal: Boolean(row.chair_final),
    scores,
    reviewersPerPaper: row.reviewers_per_paper,
    maxPerReviewer: row.max_per_reviewer,
    deadline: row.deadline ?? '',
    saved: true,
  };
}

const presentRule = (r: repo.RuleRow): ReviewRule => ({
  id: r.id,
  titleZh: r.title_zh,
  titleEn: r.title_en,
  display: Boolean(r.display),
  enabled: Boolean(r.enabled),
  sort: r.sort,
});

const ruleRow = (input: RuleInput) => ({
  title_zh: input.titleZh,
  title_en: input.titleEn,
  display: input.display,
  enabled: input.enabled,
  sort: input.sort,
});

export class ReviewConfigService {
  constructor(
    private readonly db: Db,
    private readonly events?: EventBus,
  ) {}

  async config(conferenceId: number): Promise<ReviewConfig> {
    const [settings, rules] = await Promise.all([
      repo.findSettings(this.db, conferenceId),
      repo.listRules(this.db, conferenceId),
    ]);
    return { settings: presentSettings(settings), rules: rules.map(presentRule) };
  }

  /** The settings as the review uses them (the defaults until saved). */
  async settings(conferenceId: number): Promise<ReviewSettings> {
    return presentSettings(await repo.findSettings(this.db, conferenceId));
  }

  async saveSettings(conferenceId: number, input: SettingsInput): Promise<ReviewConfig> {
    const scores = SCORE_KEYS.map((key) => input.scores.find((s) => s.key === key)!);
    await inTransaction(this.db, async (tx) => {
      const before = await repo.lockSettings(tx, conferenceId);
      await repo.upsertSettings(
        tx,
        conferenceId,
        {
          blind: input.blind,
          chair_final: input.chairFinal,
          scores: JSON.stringify(scores),
          reviewers_per_paper: input.reviewersPerPaper,
          max_per_reviewer: input.maxPerReviewer,
          deadline: input.deadline === undefined ? (before?.deadline ?? null) : input.deadline || null,
        },
        Boolean(before),
      );
      // the overview's overdue count follows the deadline
      await this.events?.emit(tx, 'review.configured', { conferenceId });
    });
    return this.config(conferenceId);
  }

  async createRule(conferenceId: number, input: RuleInput): Promise<ReviewConfig> {
    await inTransaction(this.db, async (tx) => {
      // Counted under the settings' lock, so that two managers adding at once cannot pass the cap together.
      if (!(await repo.lockSettings(tx, conferenceId))) {
        const d = DEFAULT_REVIEW_SETTINGS;
        await repo.upsertSettings(
          tx,
          conferenceId,
          {
            blind: d.blind,
            chair_final: d.chairFinal,
            scores: JSON.stringify(d.scores),
            reviewers_per_paper: d.reviewersPerPaper,
            max_per_reviewer: d.maxPerReviewer,
            deadline: null,
          },
          false,
        );
        await repo.lockSettings(tx, conferenceId);
      }
      if ((await repo.countRules(tx, conferenceId)) >= REVIEW_LIMITS.rules)
        throw new AppError(400, 'review:tooManyRules', { params: { max: String(REVIEW_LIMITS.rules) } });
      await repo.insertRule(tx, conferenceId, ruleRow(input));
    });
    return this.config(conferenceId);
  }

  async updateRule(conferenceId: number, id: number, input: RuleInput): Promise<ReviewConfig> {
    await inTransaction(this.db, async (tx) => {
      if (!(await repo.updateRule(tx, conferenceId, id, ruleRow(input)))) throw notFound('review:ruleNotFound');
    });
    return this.config(conferenceId);
  }

  async removeRule(conferenceId: number, id: number): Promise<ReviewConfig> {
    await inTransaction(this.db, async (tx) => {
      if (!(await repo.deleteRule(tx, conferenceId, id))) throw notFound('review:ruleNotFound');
    });
    return this.config(conferenceId);
  }
}
