/** What the server hands the ManageAllocation screen. Types only: the server imports this file, never the component (docs/development.md). */
import type { AllocationPage, AllocationQuery } from '../../server/contract/allocation';
import type { Choices } from '../../server/contract/submissions';
import type { Lang } from '../shared/locale';

export type ManageAllocationProps = {
  lang: Lang;
  mobile: boolean;
  choices: Choices;
  first: AllocationPage;
  /** the address's filter (issue 33); `first` is already filtered */ filter?: Filter;
};
export type Filter = Omit<AllocationQuery, 'page' | 'size'>;
