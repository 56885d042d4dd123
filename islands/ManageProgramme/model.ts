/** The editor's state in the browser and its calls (a save may answer 409 with data: the item as it now is, or the conflicts that remain). */
import { apiUrl, type CallInput, type Endpoint, type AnswerOf } from '../../server/contract/endpoint';
import type {
  EditorItem,
  EditorPaper,
  EditorState,
  ProgrammeConflict,
  SaveAnswer,
  StaleAnswer,
} from '../../server/contract/programmeEditor';

export type Outcome<T> =
  | { ok: true; data: T }
  | { ok: false; status: number; message: string; params?: Record<string, string>; data?: unknown };

/** Calls an endpoint and keeps a refusal's data (the API client drops it). */
export async function send<E extends Endpoint>(endpoint: E, input: CallInput<E>): Promise<Outcome<AnswerOf<E>>> {
  const given = input as { params?: Record<string, string | number>; query?: Record<string, unknown>; body?: unknown };
  try {
    const res = await fetch(apiUrl(endpoint, given.params, given.query), {
      method: endpoint.method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...(given.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: given.body === undefined ? undefined : JSON.stringify(given.body),
    });
    const answer = (await res.json().catch(() => null)) as {
      code: number;
      message: string;
      data: unknown;
      params?: Record<string, string>;
    } | null;
    if (res.status === 401) location.assign(`/conferencelogin?redirect=${encodeURIComponent(location.pathname)}`);
    if (answer && answer.code === 200) return { ok: true, data: answer.data as AnswerOf<E> };
    return {
      ok: false,
      status: res.status,
      message: answer?.message ?? 'commonMsg.serverError',
      params: answer?.params,
      data: answer?.data,
    };
  } catch {
    return { ok: false, status: 0, message: 'userReg.passportError' };
  }
}

export const isStale = (o: Outcome<unknown>): o is { ok: false; status: 409; message: string; data: StaleAnswer } =>
  !o.ok && o.status === 409 && o.message === 'programmeManage:stale';

/** The state after a save: the item and what moved with it replaced, what was removed dropped, the conflicts as the server counts them. */
export function applied(state: EditorState, a: SaveAnswer): EditorState {
  const changed = new Map<number, EditorItem>([...(a.item ? [a.item] : []), ...a.moved].map((i) => [i.id, i]));
  const gone = new Set(a.removed);
  const items = state.items.filter((i) => !gone.has(i.id)).map((i) => changed.get(i.id) ?? i);
  for (const i of changed.values()) if (!items.some((x) => x.id === i.id)) items.push(i);
  return { ...state, items, conflicts: a.all, draftRevision: a.draftRevision };
}

export function replaced(state: EditorState, item: EditorItem | null, id: number): EditorState {
  const items = item ? state.items.map((i) => (i.id === id ? item : i)) : state.items.filter((i) => i.id !== id);
  return { ...state, items };
}

export const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
export const minutesOf = (s: string) => {
  const m = /^(\d{1,2}):(\d{2})$/.exec(s.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
};

export function titleOf(item: EditorItem, papers: Map<number, EditorPaper>, lang: 'zh' | 'en'): string {
  const own = item.title[lang] || item.title[lang === 'zh' ? 'en' : 'zh'];
  if (own) return own;
  const p = item.submissionId !== null ? papers.get(item.submissionId) : undefined;
  return p ? `${p.number} ${p.title}` : `#${item.id}`;
}

export function conflictIds(conflicts: ProgrammeConflict[]): Set<number> {
  return new Set(conflicts.flatMap((c) => c.itemIds));
}
