/**
 * The managers' overview (issue 33, /platform/manage/dashboard): panels of charts that the
 * features contribute (server/platform/overview.ts), each chart with its numbers and the list
 * behind it. Texts arrive in the reader's language: the island draws, it does not translate
 * what a feature named. No Node imports here: the island bundles this file.
 */
import { endpoint } from './endpoint';

/** What kind of drawing suits the figures; every kind is also a table. */
export type ChartKind = 'bar' | 'hbar' | 'line' | 'stack' | 'heatmap';

export type OverviewSeries = { name: string; values: number[] };

export type OverviewChart = {
  /** unique on the page: `<panel>.<chart>` */
  id: string;
  title: string;
  kind: ChartKind;
  /** the category axis (days, statuses, names); a heat map's columns */
  categories: string[];
  /** one value per category each; a heat map has none (its cells) */
  series: OverviewSeries[];
  /** heat map: its rows and cells [column, row, value] */
  rows?: string[];
  cells?: Array<[number, number, number]>;
  /** a horizontal line: the registration cap */
  limit?: { value: number; label: string };
  /** marks on the category axis: the registration window, the deadlines (a category's text) */
  marks?: Array<{ at: string; label: string }>;
  /** money: values are integer minor units of this currency (server/contract/money.ts) */
  currency?: string;
  /** the filtered list behind the chart */
  href?: string;
  /** per category: the list behind that bar, when there is one */
  links?: Array<string | null>;
  /** said when there is nothing to draw yet */
  empty?: boolean;
};

/** A headline number: "registered 1,234 / 2,000", "flagged payments 3". */
export type OverviewFigure = { label: string; value: string; href?: string; warn?: boolean };

export type OverviewPanelView = {
  name: string;
  title: string;
  figures: OverviewFigure[];
  charts: OverviewChart[];
  /** ISO instant the figures were computed */
  at: string;
};

export type OverviewView = { panels: OverviewPanelView[] };

export const overviewApi = {
  panels: endpoint<OverviewView>()({ method: 'GET', path: '/conference/platform/manage/overview' }),
};

/** How often an open overview asks again (the server answers from its cache until data changes). */
export const OVERVIEW_REFRESH_MS = 10_000;
