/**
 * The grid of one day: rooms across, time down, in slots. Items are moved by dragging them and
 * resized by their lower edge (pointer events; the browser's own, no library), papers waiting in
 * the pane beside are dragged onto it, a paper dropped on a session block goes into it, and an item
 * dragged back to the pane leaves the grid. What the pointer would do is drawn as it moves.
 */
import { useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import type { EditorItem, EditorPaper, EditorRoom, EditorSettings } from '../../server/contract/programmeEditor';
import { hhmm, titleOf } from './model';

export const ROW = 24;
const TIME_COL = 64;

/** What is being dragged: an item of the working programme, or a paper not yet in it. */
export type Dragged = {
  itemId: number | null;
  submissionId: number | null;
  length: number;
  roomId: number | null;
  mode: 'move' | 'resize';
  grab: number;
  start: number;
  fromY?: number;
};

export type Drop =
  { to: 'grid'; roomId: number | null; start: number; end: number } | { to: 'block'; blockId: number } | { to: 'pane' };

type Preview = { roomId: number | null; start: number; end: number } | null;

type Props = {
  lang: 'zh' | 'en';
  day: string;
  rooms: EditorRoom[];
  settings: EditorSettings;
  items: EditorItem[];
  papers: Map<number, EditorPaper>;
  conflicted: Set<number>;
  t: (k: string, o?: Record<string, unknown>) => string;
  onDrop: (dragged: Dragged, drop: Drop) => void;
  onOpen: (item: EditorItem) => void;
  /** set by the island: starts a drag from the pane */
  startRef: { current: ((d: Dragged, e: ReactPointerEvent) => void) | null };
};

export function Grid({ lang, day, rooms, settings, items, papers, conflicted, t, onDrop, onOpen, startRef }: Props) {
  const body = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<Dragged | null>(null);
  const [preview, setPreview] = useState<Preview>(null);
  const slots = Math.max(1, Math.ceil((settings.dayEndMinute - settings.dayStartMinute) / settings.slotMinutes));
  const columnOf = (roomId: number | null) =>
    roomId === null ? `2 / ${rooms.length + 2}` : `${rooms.findIndex((r) => r.id === roomId) + 2}`;
  const rowOf = (start: number, end: number) =>
    `${Math.max(1, Math.floor((start - settings.dayStartMinute) / settings.slotMinutes) + 1)} / ${Math.max(2, Math.ceil((end - settings.dayStartMinute) / settings.slotMinutes) + 1)}`;

  function where(d: Dragged, x: number, y: number): Preview {
    const el = body.current;
    if (!el) return null;
    const rect = el.getBoundingClientRect();
    if (x < rect.left || x > rect.right || y < rect.top || y > rect.bottom) return null;
    const minute = settings.dayStartMinute + ((y - rect.top) / ROW) * settings.slotMinutes;
    // by whole slots from where the edge was taken: a 20-minute talk made two slots longer is 50 minutes
    if (d.mode === 'resize')
      return {
        roomId: d.roomId,
        start: d.start,
        end: Math.max(
          d.start + settings.slotMinutes,
          d.start + d.length + Math.round((y - (d.fromY ?? y)) / ROW) * settings.slotMinutes,
        ),
      };
    const width = (rect.width - TIME_COL) / Math.max(1, rooms.length);
    const col = Math.floor((x - rect.left - TIME_COL) / width);
    const roomId =
      d.roomId === null && d.itemId !== null ? null : (rooms[Math.min(rooms.length - 1, Math.max(0, col))]?.id ?? null);
    // the slot under the pointer (less where the item was taken)
    const start = Math.max(0, Math.floor((minute - d.grab) / settings.slotMinutes) * settings.slotMinutes);
    return { roomId, start, end: start + d.length };
  }

  function begin(taken: Dragged, e: ReactPointerEvent) {
    if (e.button !== 0) return;
    const d = { ...taken, fromY: e.clientY };
    e.preventDefault();
    let moved = false;
    const from = { x: e.clientX, y: e.clientY };
    let last: Preview = null;
    const move = (ev: PointerEvent) => {
      if (!moved && Math.abs(ev.clientX - from.x) + Math.abs(ev.clientY - from.y) < 4) return;
      moved = true;
      setDrag(d);
      last = where(d, ev.clientX, ev.clientY);
      setPreview(last);
    };
    const up = (ev: PointerEvent) => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      setDrag(null);
      setPreview(null);
      if (!moved) return;
      const under = document.elementFromPoint(ev.clientX, ev.clientY);
      const block = under?.closest<HTMLElement>('[data-block]');
      const blockId = block ? Number(block.dataset.block) : null;
      if (d.mode === 'move' && blockId !== null && blockId !== d.itemId && d.submissionId !== null)
        return onDrop(d, { to: 'block', blockId });
      if (d.mode === 'move' && under?.closest('[data-unplaced-pane]')) return onDrop(d, { to: 'pane' });
      const at = where(d, ev.clientX, ev.clientY) ?? last;
      if (at) onDrop(d, { to: 'grid', ...at });
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  }
  startRef.current = begin;

  const onDay = items.filter((i) => i.day === day && i.startMinute !== null && i.endMinute !== null);
  const kindClass = (i: EditorItem) =>
    `pg-item pg-${i.kind}${conflicted.has(i.id) ? ' pg-conflict' : ''}${drag?.itemId === i.id ? ' pg-dragging' : ''}${i.parentId !== null ? ' pg-child' : ''}`;
  return (
    <div className="pg-gridwrap">
      <div
        className="pg-head"
        style={{ gridTemplateColumns: `${TIME_COL}px repeat(${rooms.length}, minmax(120px, 1fr))` }}
      >
        <div />
        {rooms.map((r) => (
          <div key={r.id} className="pg-roomhead">
            {r.name[lang] || r.name.zh}
            {r.capacity ? <small> · {r.capacity}</small> : null}
          </div>
        ))}
      </div>
      <div
        ref={body}
        className="pg-grid"
        data-testid="programme-grid"
        style={{
          gridTemplateColumns: `${TIME_COL}px repeat(${rooms.length}, minmax(120px, 1fr))`,
          gridTemplateRows: `repeat(${slots}, ${ROW}px)`,
        }}
      >
        {Array.from({ length: slots }, (_, s) => {
          const m = settings.dayStartMinute + s * settings.slotMinutes;
          return (
            <div
              key={`t${s}`}
              className={`pg-time${m % 60 === 0 ? ' pg-hour' : ''}`}
              style={{ gridRow: s + 1, gridColumn: 1 }}
            >
              {m % 60 === 0 || settings.slotMinutes >= 30 ? hhmm(m) : ''}
            </div>
          );
        })}
        {rooms.map((r, c) => (
          <div key={`c${r.id}`} className="pg-col" style={{ gridRow: `1 / ${slots + 1}`, gridColumn: c + 2 }} />
        ))}
        {onDay.map((i) => (
          <div
            key={i.id}
            role="button"
            tabIndex={0}
            data-item={i.id}
            data-block={i.kind === 'session' ? i.id : undefined}
            className={kindClass(i)}
            style={{
              gridColumn: columnOf(i.roomId),
              gridRow: rowOf(i.startMinute!, i.endMinute!),
              zIndex: i.parentId !== null ? 3 : i.kind === 'session' ? 1 : 2,
            }}
            aria-label={`${hhmm(i.startMinute!)}–${hhmm(i.endMinute!)} ${titleOf(i, papers, lang)}${conflicted.has(i.id) ? ` ! ${t('programmeManage:conflicts.title')}` : ''}`}
            onPointerDown={(e) =>
              begin(
                {
                  itemId: i.id,
                  submissionId: i.submissionId,
                  length: i.endMinute! - i.startMinute!,
                  roomId: i.roomId,
                  mode: 'move',
                  grab: grabOf(e, i, settings),
                  start: i.startMinute!,
                },
                e,
              )
            }
            onDoubleClick={() => onOpen(i)}
            onKeyDown={(e) => e.key === 'Enter' && onOpen(i)}
          >
            <span className="pg-when">
              {hhmm(i.startMinute!)}–{hhmm(i.endMinute!)}
            </span>{' '}
            <span className="pg-title">{titleOf(i, papers, lang)}</span>
            {conflicted.has(i.id) ? (
              <span className="pg-flag" title={t('programmeManage:conflicts.title')}>
                !
              </span>
            ) : null}
            <span
              className="pg-resize"
              aria-hidden="true"
              onPointerDown={(e) => {
                e.stopPropagation();
                begin(
                  {
                    itemId: i.id,
                    submissionId: i.submissionId,
                    length: i.endMinute! - i.startMinute!,
                    roomId: i.roomId,
                    mode: 'resize',
                    grab: 0,
                    start: i.startMinute!,
                  },
                  e,
                );
              }}
            />
          </div>
        ))}
        {preview && drag ? (
          <div
            className="pg-preview"
            style={{ gridColumn: columnOf(preview.roomId), gridRow: rowOf(preview.start, preview.end) }}
          >
            {hhmm(preview.start)}–{hhmm(preview.end)}
          </div>
        ) : null}
      </div>
    </div>
  );
}

/** Minutes between the item's start and where the pointer took it. */
function grabOf(e: ReactPointerEvent, i: EditorItem, s: EditorSettings): number {
  const rect = (e.currentTarget as HTMLElement).getBoundingClientRect();
  const minutes = ((e.clientY - rect.top) / ROW) * s.slotMinutes;
  return Math.max(
    0,
    Math.min(i.endMinute! - i.startMinute! - s.slotMinutes, Math.floor(minutes / s.slotMinutes) * s.slotMinutes),
  );
}
