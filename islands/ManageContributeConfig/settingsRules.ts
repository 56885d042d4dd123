/**
 * The basic settings' checks in the browser, with the server's message keys: the contract's zod
 * ranges, and its `settingsProblem` (dates in order, file types chosen for a shown file, a maximum
 * per person when limited) shown on the field it names. Each field asks `settingsProblem` only
 * about its own rule, so a problem elsewhere in the form does not hide it.
 */
import type { FormRule } from 'antd';
import {
  settingsProblem,
  type FieldMode,
  type FileRule,
  type ManuscriptFileType,
} from '../../server/contract/submissions';
import type { T } from './shared';

export type FileRuleValues = { mode: FieldMode; types: ManuscriptFileType[]; maxMb: number | null };

/** The settings as the form holds them: a cleared number is null until the manager types one. */
export type SettingsValues = {
  enabled: boolean;
  startDate: string;
  endDate: string;
  secondDeadline: string;
  abstractMode: FieldMode;
  abstractMaxChars: number | null;
  abstractFile: FileRuleValues;
  fullText: FileRuleValues;
  authorInfo: FieldMode;
  category: FieldMode;
  reportType: FieldMode;
  keywords: FieldMode;
  limitPerPerson: boolean;
  maxPerPerson: number | null;
  maxTotal: number | null;
  instructionsZh: string;
  instructionsEn: string;
  editAfterAccept: boolean;
};

/** The parts of the form settingsProblem reads, each one with a field to show its problem on. */
export type CrossField = 'endDate' | 'secondDeadline' | 'abstractFile' | 'fullText' | 'maxPerPerson';

const HIDDEN: FileRule = { mode: 'hide', types: [], maxMb: 1 };

type Get = (name: string | string[]) => unknown;

function fileRule(get: Get, name: 'abstractFile' | 'fullText'): FileRule {
  const types = get([name, 'types']);
  return {
    mode: (get([name, 'mode']) as FieldMode) ?? 'hide',
    types: Array.isArray(types) ? (types as ManuscriptFileType[]) : [],
    maxMb: Number(get([name, 'maxMb']) ?? 1),
  };
}

/** settingsProblem over the one rule `field` is about, everything else made harmless. */
export function problemFor(field: CrossField, get: Get): string | null {
  const start = String(get('startDate') ?? '');
  const v = {
    startDate: start,
    endDate: start,
    secondDeadline: start,
    abstractFile: HIDDEN,
    fullText: HIDDEN,
    limitPerPerson: false,
    maxPerPerson: 0,
  };
  if (field === 'endDate' || field === 'secondDeadline') {
    const value = String(get(field) ?? '');
    // An empty day has its own "required" message; order is only checked between two days.
    if (!start || !value) return null;
    v[field] = value;
  } else if (field === 'abstractFile' || field === 'fullText') v[field] = fileRule(get, field);
  else {
    v.limitPerPerson = Boolean(get('limitPerPerson'));
    v.maxPerPerson = Number(get('maxPerPerson') ?? 0);
  }
  const problem = settingsProblem(v);
  return problem && problem[0] === field ? problem[1] : null;
}

export function crossRule(field: CrossField, t: T): FormRule {
  return ({ getFieldValue }) => ({
    validator: async () => {
      const key = problemFor(field, getFieldValue);
      if (key) throw new Error(t(key));
    },
  });
}

/** A whole number within the contract's range, with the one message the server gives for it. */
export function intRule(key: string, min: number, max: number, t: T): FormRule[] {
  return [
    { required: true, message: t(key) },
    { type: 'integer', min, max, message: t(key) },
  ];
}
