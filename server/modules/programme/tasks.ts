/**
 * The programme's CPU task, run in the pool of worker threads: the printed programme of a release
 * (seconds of drawing for a large programme, never on the request's thread). Plain data in: the
 * release's snapshot, its number and instant, the language and the conference's name.
 */
import type { Lang } from '../../contract/enums';
import type { ReleasedProgramme } from '../../contract/programme';
import type { ComputeTask } from '../../platform/work/types';
import { indexProgramme } from './publicIndex';
import { printProgramme } from './print';

export type PrintInput = {
  number: number;
  releasedAt: string;
  programme: ReleasedProgramme;
  lang: Lang;
  conferenceName: string;
};

export const printTask: ComputeTask<PrintInput, Uint8Array> = async (input) => {
  const p = indexProgramme({
    number: input.number,
    releasedBy: 0,
    releasedAt: new Date(input.releasedAt),
    note: '',
    changes: [],
    programme: input.programme,
  });
  return printProgramme({ p, lang: input.lang, conferenceName: input.conferenceName });
};

export const tasks = {
  'programme.print': printTask,
} satisfies Record<string, ComputeTask<never, unknown>>;
