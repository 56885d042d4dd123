/**
 * The platform's unit list as suggestions for an organisation field (POST /home/company/findByQuery),
 * fetched once per page when such a field is first focused; nothing is fetched on the server.
 */
import { unitSearchEndpoint, type UnitRow } from '../../server/contract/unitSearch';
import { call } from './api';
import type { Lang } from './locale';

type Unit = Pick<UnitRow, 'id' | 'zhTitle' | 'enTitle'>;
let loaded: Promise<Unit[]> | null = null;

function loadUnits(): Promise<Unit[]> {
  loaded ??= call(unitSearchEndpoint, { body: { page: 1, size: 99999 } })
    .then((d) => d.rows)
    .catch(() => {
      loaded = null;
      return [];
    });
  return loaded;
}

/** The units' names in the page's language (the other when one is missing). */
export async function loadUnitNames(lang: Lang): Promise<string[]> {
  return (await loadUnits()).map((u) => (lang === 'zh' ? u.zhTitle || u.enTitle : u.enTitle || u.zhTitle));
}
