/**
 * The programme editor (issue 34, /platform/manage/programme): days of the conference, rooms, a
 * grid of rooms × time per day where items are dragged, resized and nested in session blocks (on a
 * phone: a form per item), the accepted papers waiting to be placed, the conflicts as they happen,
 * a save over another manager's newer save shown with what it now is (redo or keep theirs), and the
 * releases with their change logs.
 */
import { useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { App, Button, Space } from 'antd';
import type { EditorItem, ProgrammeConflict, SaveAnswer } from '../../server/contract/programmeEditor';
import { programmeManageApi as api } from '../../server/contract/programmeEditorApi';
import { AntdRoot } from '../shared/AntdRoot';
import { translator } from '../shared/i18n';
import { Grid, type Dragged, type Drop } from './Grid';
import { applied, conflictIds, hhmm, isStale, minutesOf, replaced, send, titleOf, type Outcome } from './model';
import { draftOf, ItemDialog, parsePeople, type Draft } from './ItemDialog';
import { Releases, Rooms, Settings } from './panels';
import { StaleDialog, type StaleSave } from './StaleDialog';
import { PROGRAMME_CSS } from './styles';
import type { ManageProgrammeProps } from './props';

function Screen({ lang, mobile, state: initial }: ManageProgrammeProps) {
  const t = translator(lang);
  const { message } = App.useApp();
  const [state, setState] = useState(initial);
  const [day, setDay] = useState(initial.days[0] ?? '');
  const [draft, setDraft] = useState<Draft | null>(null);
  const [stale, setStale] = useState<StaleSave | null>(null);
  const [refused, setRefused] = useState<ProgrammeConflict[] | null>(null);
  const startRef = useRef<((d: Dragged, e: ReactPointerEvent) => void) | null>(null);
  const papers = useMemo(() => new Map(state.papers.map((p) => [p.submissionId, p])), [state.papers]);
  const conflicted = useMemo(() => conflictIds(state.conflicts), [state.conflicts]);
  const waiting = state.papers.filter((p) => p.accepted && !state.items.some((i) => i.submissionId === p.submissionId));
  const unplaced = state.items.filter((i) => i.day === null && i.parentId === null);
  const fail = (o: Outcome<unknown>) => !o.ok && message.error(t(o.message, o.params));

  /** A save's answer: applied, its own conflicts said at once; a 409 shows what the item now is. */
  async function saved(o: Outcome<SaveAnswer>, redo: (revision: number) => Promise<void>) {
    if (o.ok) {
      setState((s) => applied(s, o.data));
      if (o.data.conflicts.length) message.warning(o.data.conflicts[0].text);
      return true;
    }
    if (isStale(o)) {
      setState((s) => replaced(s, o.data.current, o.data.current?.id ?? -1));
      setStale({ answer: o.data, redo });
      return false;
    }
    fail(o);
    return false;
  }

  async function place(
    item: EditorItem,
    p: { day: string | null; startMinute: number | null; endMinute: number | null; roomId: number | null },
  ) {
    const go = (revision: number) =>
      send(api.place, { params: { id: item.id }, body: { revision, ...p } })
        .then((o) => saved(o, go))
        .then(() => undefined);
    await go(item.revision);
  }

  async function onDrop(d: Dragged, drop: Drop) {
    const item = d.itemId !== null ? state.items.find((i) => i.id === d.itemId) : undefined;
    if (drop.to === 'block') {
      if (item) {
        const go = (revision: number) =>
          send(api.nest, { params: { id: item.id }, body: { revision, parentId: drop.blockId, position: 10_000 } })
            .then((o) => saved(o, go))
            .then(() => undefined);
        return go(item.revision);
      }
      return void saved(
        await send(api.addItem, { body: { kind: 'paper', submissionId: d.submissionId, parentId: drop.blockId } }),
        async () => undefined,
      );
    }
    if (drop.to === 'pane')
      return item ? place(item, { day: null, startMinute: null, endMinute: null, roomId: null }) : undefined;
    const p = { day, startMinute: drop.start, endMinute: drop.end, roomId: drop.roomId };
    if (item) return place(item, p);
    await saved(
      await send(api.addItem, {
        body: {
          kind: 'paper',
          submissionId: d.submissionId,
          place: { day: p.day, startMinute: p.startMinute, endMinute: p.endMinute, roomId: p.roomId },
        },
      }),
      async () => undefined,
    );
  }

  const open = (item: EditorItem | null) => setDraft(draftOf(item, { day, state, papers }));

  async function saveDraft(andPlace: boolean) {
    if (!draft) return;
    const fields = {
      title: { zh: draft.titleZh, en: draft.titleEn },
      description: { zh: draft.descZh, en: draft.descEn },
      speakers: parsePeople(draft.speakers),
      chair: parsePeople(draft.chair)[0] ?? null,
      sessionId: draft.sessionId,
    };
    const start = minutesOf(draft.start);
    if (andPlace && start === null) return void message.error(t('programmeManage:minuteInvalid'));
    const where =
      andPlace && start !== null
        ? { day: draft.day, startMinute: start, endMinute: start + draft.length, roomId: draft.roomId }
        : null;
    if (draft.id === null) {
      if (
        await saved(
          await send(api.addItem, { body: { kind: draft.kind, ...fields, place: where } }),
          async () => undefined,
        )
      )
        setDraft(null);
      return;
    }
    const item = state.items.find((i) => i.id === draft.id)!;
    let revision = item.revision;
    let ok = true;
    if (item.kind !== 'paper') {
      const go = (r: number) =>
        send(api.saveItem, { params: { id: item.id }, body: { revision: r, ...fields } })
          .then((o) => saved(o, go))
          .then(() => undefined);
      const o = await send(api.saveItem, { params: { id: item.id }, body: { revision, ...fields } });
      ok = await saved(o, go);
      if (o.ok && o.data.item) revision = o.data.item.revision;
    }
    if (ok && where) {
      const go = (r: number) =>
        send(api.place, { params: { id: item.id }, body: { revision: r, ...where } })
          .then((o) => saved(o, go))
          .then(() => undefined);
      ok = await saved(await send(api.place, { params: { id: item.id }, body: { revision, ...where } }), go);
    }
    if (ok) setDraft(null);
  }

  async function remove(item: EditorItem) {
    const go = (revision: number) =>
      send(api.removeItem, { params: { id: item.id }, query: { revision } })
        .then((o) => saved(o, go))
        .then(() => undefined);
    await go(item.revision);
    setDraft(null);
  }

  async function release(note: string) {
    const o = await send(api.release, { body: { note, draftRevision: state.draftRevision } });
    if (o.ok) {
      setState((s) => ({ ...s, releases: [o.data, ...s.releases] }));
      setRefused(null);
      message.success(t('programmeManage:released'));
      return true;
    }
    if (o.status === 409 && o.message === 'programmeManage:conflictsRemain') setRefused(o.data as ProgrammeConflict[]);
    fail(o);
    return false;
  }

  const dayItems = state.items
    .filter((i) => i.day === day)
    .sort((a, b) => a.startMinute! - b.startMinute! || (a.roomId ?? 0) - (b.roomId ?? 0));
  const roomName = (id: number | null) =>
    id === null ? t('programmeManage:grid.allRooms') : (state.rooms.find((r) => r.id === id)?.name[lang] ?? '');
  const card = (label: string, d: Dragged, key: string, item?: EditorItem) => (
    <div
      key={key}
      className="pg-card"
      role="button"
      tabIndex={0}
      data-card={key}
      onPointerDown={(e) => startRef.current?.(d, e)}
      onDoubleClick={() => item && open(item)}
      onKeyDown={(e) => e.key === 'Enter' && item && open(item)}
    >
      {label}
    </div>
  );

  return (
    <div className="manage-programme">
      <style>{PROGRAMME_CSS}</style>
      <Space wrap>
        <Button type="primary" onClick={() => open(null)}>
          {t('programmeManage:item.new')}
        </Button>
        <span>{t('programmeManage:zone', { zone: state.timeZone })}</span>
      </Space>
      {state.days.length === 0 ? <p role="alert">{t('programmeManage:noDays')}</p> : null}
      <nav className="pg-days" aria-label={t('programmeManage:days')}>
        {state.days.map((d) => (
          <Button key={d} type={d === day ? 'primary' : 'default'} aria-pressed={d === day} onClick={() => setDay(d)}>
            {d}
          </Button>
        ))}
      </nav>
      <section aria-live="polite">
        {state.conflicts.length ? (
          <div className="pg-conflicts" data-testid="conflicts">
            <h2 style={{ fontSize: 16, margin: 0 }}>
              {t('programmeManage:conflicts.title')} ({state.conflicts.length})
            </h2>
            <ul>
              {state.conflicts.slice(0, 100).map((c, i) => (
                <li key={i}>{c.text}</li>
              ))}
            </ul>
          </div>
        ) : (
          <div className="pg-ok" data-testid="no-conflicts">
            {t('programmeManage:conflicts.none')}
          </div>
        )}
      </section>
      {mobile ? (
        <div>
          {[...unplaced, ...dayItems].map((i) => (
            <div key={i.id} className="pg-phone-item">
              <strong>{titleOf(i, papers, lang)}</strong>
              <div>
                {i.day
                  ? `${hhmm(i.startMinute!)}–${hhmm(i.endMinute!)} · ${roomName(i.roomId)}`
                  : t('programmeManage:pane.title')}
              </div>
              <Button size="small" onClick={() => open(i)}>
                {t('programmeManage:item.edit')}
              </Button>
            </div>
          ))}
          <h3>{t('programmeManage:pane.papers')}</h3>
          {waiting.map((p) => (
            <div key={p.submissionId} className="pg-phone-item">
              {p.number} {p.title}{' '}
              <Button
                size="small"
                onClick={async () => {
                  const o = await send(api.addItem, { body: { kind: 'paper', submissionId: p.submissionId } });
                  if ((await saved(o, async () => undefined)) && o.ok && o.data.item) open(o.data.item);
                }}
              >
                {t('programmeManage:item.place')}
              </Button>
            </div>
          ))}
        </div>
      ) : (
        <div className="pg-layout">
          <aside className="pg-pane" data-unplaced-pane aria-label={t('programmeManage:pane.title')}>
            <h3>{t('programmeManage:pane.title')}</h3>
            {unplaced.map((i) =>
              card(
                titleOf(i, papers, lang),
                {
                  itemId: i.id,
                  submissionId: i.submissionId,
                  length: i.submissionId
                    ? (papers.get(i.submissionId)?.length ?? state.settings.defaultLength)
                    : state.settings.defaultLength * 3,
                  roomId: -1 as unknown as number,
                  mode: 'move',
                  grab: 0,
                  start: 0,
                },
                `i${i.id}`,
                i,
              ),
            )}
            <h3>
              {t('programmeManage:pane.papers')} ({waiting.length})
            </h3>
            {waiting.map((p) =>
              card(
                `${p.number} ${p.title}`,
                {
                  itemId: null,
                  submissionId: p.submissionId,
                  length: p.length,
                  roomId: -1 as unknown as number,
                  mode: 'move',
                  grab: 0,
                  start: 0,
                },
                `p${p.submissionId}`,
              ),
            )}
          </aside>
          {state.rooms.length && day ? (
            <Grid
              lang={lang}
              day={day}
              rooms={state.rooms}
              settings={state.settings}
              items={state.items}
              papers={papers}
              conflicted={conflicted}
              t={t}
              onDrop={(d, drop) => void onDrop(d, drop)}
              onOpen={open}
              startRef={startRef}
            />
          ) : (
            <p>{t('programmeManage:rooms.none')}</p>
          )}
        </div>
      )}
      <p style={{ color: '#4b5563' }}>{mobile ? '' : t('programmeManage:grid.hint')}</p>
      <Rooms lang={lang} t={t} rooms={state.rooms} onChange={(rooms) => setState((s) => ({ ...s, rooms }))} />
      <Settings lang={lang} t={t} state={state} onChange={(settings) => setState((s) => ({ ...s, settings }))} />
      <Releases lang={lang} t={t} releases={state.releases} refused={refused} onRelease={release} />
      <ItemDialog
        lang={lang}
        t={t}
        state={state}
        draft={draft}
        onChange={setDraft}
        onSave={(andPlace) => void saveDraft(andPlace)}
        onRemove={(item) => void remove(item)}
        onUnplace={(item) => {
          void place(item, { day: null, startMinute: null, endMinute: null, roomId: null });
          setDraft(null);
        }}
      />
      <StaleDialog lang={lang} t={t} stale={stale} papers={papers} roomName={roomName} onClose={() => setStale(null)} />
    </div>
  );
}

export default function ManageProgramme(props: ManageProgrammeProps) {
  return (
    <AntdRoot lang={props.lang}>
      <Screen {...props} />
    </AntdRoot>
  );
}
