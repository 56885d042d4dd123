/**
 * The managers' overview (issue 33): each feature contributes its panels through its front door
 * (`overview` on the Feature record, like `manageMenu`); the panel's figures are SQL aggregates
 * in that feature's repo.ts. This board keeps each panel's answer per conference and language
 * until something changes it, so an overview open on ten managers' screens, asking every few
 * seconds, costs the database one set of aggregates per change, and never an attendee's page.
 *
 * What makes an answer stale:
 * - the events a panel names in `changedBy` (raised in the changing transaction): the answer is
 *   dropped at once and again when that transaction ends, on every instance (InvalidationBus
 *   topic), and a load that began before a drop does not keep its value (the epoch);
 * - `maxAgeMs`, for changes no event reports (an order created, a mail sent by the worker).
 */
import type { OverviewPanelView } from '../contract/overview';
import type { Lang } from '../contract/enums';
import type { InvalidationBus } from './cache';
import { whenTransactionEnds } from './changes';
import type { EventBus, EventName } from './events';
import { logger } from './logger';

export type OverviewPanel = {
  /** `<feature>` or `<feature>.<part>`: the panel's place in the cache and the page */
  name: string;
  /** its place on the page, smallest first */
  order: number;
  /** the events after which its figures are stale (each carries `conferenceId`) */
  changedBy: readonly EventName[];
  /** the oldest answer it may give, for changes that raise no event (default 60 s) */
  maxAgeMs?: number;
  /** its figures for one conference, in the reader's language; null: nothing to show here (the feature is off) */
  load(ctx: OverviewContext): Promise<OverviewPanelView | null>;
};

/** What a panel is asked for: days are counted in the conference's time zone. */
export type OverviewContext = { conferenceId: number; lang: Lang; now: Date; timeZone: string };

const TOPIC = 'overview';
const DEFAULT_MAX_AGE_MS = 60_000;

type Kept = { view: OverviewPanelView | null; at: number };

export class OverviewBoard {
  readonly panels: readonly OverviewPanel[];
  private readonly kept = new Map<number, Map<string, Kept>>();
  /** per conference: rises with every drop; a load keeps its answer only if it did not move */
  private readonly epochs = new Map<number, number>();
  /** loads under way, shared by callers that ask at the same moment */
  private readonly loading = new Map<string, Promise<OverviewPanelView | null>>();

  constructor(
    panels: readonly OverviewPanel[],
    events: EventBus,
    private readonly bus: InvalidationBus,
    private readonly clock: () => number = Date.now,
  ) {
    const names = new Set<string>();
    for (const p of panels) {
      if (names.has(p.name)) throw new Error(`two overview panels are named ${p.name}`);
      names.add(p.name);
    }
    this.panels = [...panels].sort((a, b) => a.order - b.order);
    for (const event of new Set(panels.flatMap((p) => p.changedBy))) {
      events.on(event, (tx, payload) => {
        const { conferenceId } = payload as { conferenceId: number };
        this.drop(conferenceId);
        // The second drop is what matters: a load that read before the commit may end after the first.
        whenTransactionEnds(tx, () => void this.bus.topicChanged(TOPIC, conferenceId));
      });
    }
    bus.onTopicDrop(TOPIC, (conferenceId) => this.drop(conferenceId));
    bus.onNoticesMissed(() => {
      for (const id of this.kept.keys()) this.drop(id);
    });
  }

  /** Every panel with something to show, in order; a panel that fails is left out (and logged), not the page. */
  async view(conferenceId: number, lang: Lang, timeZone: string): Promise<OverviewPanelView[]> {
    const views = await Promise.all(
      this.panels.map((p) =>
        this.panel(p, { conferenceId, lang, timeZone }).catch((err: unknown) => {
          logger.error({ err, panel: p.name, conferenceId }, 'overview panel failed');
          return null;
        }),
      ),
    );
    return views.filter((v): v is OverviewPanelView => v !== null);
  }

  /** One panel's answer, from the cache while fresh. */
  async panel(panel: OverviewPanel, asked: Omit<OverviewContext, 'now'>): Promise<OverviewPanelView | null> {
    const { conferenceId, lang } = asked;
    const key = `${panel.name}:${lang}`;
    const hit = this.kept.get(conferenceId)?.get(key);
    if (hit && this.clock() - hit.at < (panel.maxAgeMs ?? DEFAULT_MAX_AGE_MS)) return hit.view;
    const loadKey = `${conferenceId}:${key}`;
    const running = this.loading.get(loadKey);
    if (running) return running;
    const epoch = this.epochs.get(conferenceId) ?? 0;
    const started = this.clock();
    const load = panel.load({ ...asked, now: new Date(started) }).then((view) => {
      if ((this.epochs.get(conferenceId) ?? 0) === epoch) {
        let bucket = this.kept.get(conferenceId);
        if (!bucket) this.kept.set(conferenceId, (bucket = new Map()));
        bucket.set(key, { view, at: started });
      }
      return view;
    });
    this.loading.set(loadKey, load);
    try {
      return await load;
    } finally {
      this.loading.delete(loadKey);
    }
  }

  /** The conference's answers are stale (here only; `changed` tells every instance). */
  drop(conferenceId: number): void {
    this.kept.delete(conferenceId);
    this.epochs.set(conferenceId, (this.epochs.get(conferenceId) ?? 0) + 1);
    for (const key of this.loading.keys()) if (key.startsWith(`${conferenceId}:`)) this.loading.delete(key);
  }

  /** For a change outside any event (a test, an import): drop here and on every instance. */
  async changed(conferenceId: number): Promise<void> {
    await this.bus.topicChanged(TOPIC, conferenceId);
  }
}
