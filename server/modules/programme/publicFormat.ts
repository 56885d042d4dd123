/** Small pieces every public view of the programme shares: day labels, people, rooms, an item's line. */
import type { Lang } from '../../contract/enums';
import type { ProgrammePerson, ReleasedItem } from '../../contract/programme';
import { escapeHtml } from '../../platform/html';
import { t } from '../../platform/i18n';
import { pick, type PublicProgramme } from './publicIndex';

export const NS = 'programme:';

/** 'YYYY-MM-DD' → "11月27日 周五" / "Fri 27 Nov" (a date, not an instant: read in UTC). */
export function dayLabel(day: string, lang: Lang, long = false): string {
  const at = new Date(`${day}T12:00:00Z`);
  const options: Intl.DateTimeFormatOptions = long
    ? { timeZone: 'UTC', weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }
    : { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' };
  return new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en-GB', options).format(at);
}

export function roomLabel(p: PublicProgramme, item: ReleasedItem, lang: Lang): string {
  const room = item.roomId ? p.rooms.get(item.roomId) : undefined;
  return room ? pick(room.name, lang) : t(lang, `${NS}allRooms`);
}

export function sessionLabel(p: PublicProgramme, item: ReleasedItem, lang: Lang): string {
  const session = item.sessionId ? p.sessions.get(item.sessionId) : undefined;
  return session ? pick(session.title, lang) : '';
}

/** The people shown under a title: a paper's authors (presenters first), else the speakers. */
export function peopleOf(item: ReleasedItem): ProgrammePerson[] {
  if (!item.paper) return item.speakers;
  const authors = item.paper.authors;
  return [...authors.filter((a) => a.presenting), ...authors.filter((a) => !a.presenting)];
}

export function peopleHtml(people: ProgrammePerson[]): string {
  return people
    .map(
      (person) =>
        `<span class="pg-person">${escapeHtml(person.name)}${person.unit ? ` <span class="pg-unit">(${escapeHtml(person.unit)})</span>` : ''}</span>`,
    )
    .join(', ');
}

export const kindLabel = (kind: string, lang: Lang) => t(lang, `${NS}kinds.${kind}`);

/** The star that marks an item in the person's agenda (the page's script sets its state). */
export function markButton(item: ReleasedItem, lang: Lang): string {
  return `<button type="button" class="pg-mark" data-uid="${escapeHtml(item.uid)}" aria-pressed="false" title="${escapeHtml(t(lang, `${NS}mark`))}"><span aria-hidden="true">☆</span><span class="pg-sr"><span class="pg-act">${escapeHtml(t(lang, `${NS}mark`))}</span>: ${escapeHtml(pick(item.title, lang))}</span></button>`;
}

/** One item as a list entry: time, title (its page), room, kind, session, people; a session block holds its papers. */
export function itemHtml(
  p: PublicProgramme,
  item: ReleasedItem,
  lang: Lang,
  o: { signedIn: boolean; withDay?: boolean; nested?: boolean; showChildren?: boolean },
): string {
  const title = pick(item.title, lang);
  const session = sessionLabel(p, item, lang);
  const meta = [
    `<span class="pg-room">${escapeHtml(roomLabel(p, item, lang))}</span>`,
    `<span class="pg-kind">${escapeHtml(kindLabel(item.kind, lang))}</span>`,
    ...(session && item.kind !== 'session' ? [`<span class="pg-session">${escapeHtml(session)}</span>`] : []),
  ].join('<span aria-hidden="true"> · </span>');
  const people = peopleOf(item);
  const children = o.showChildren !== false ? (p.children.get(item.uid) ?? []) : [];
  const heading = o.nested ? 'h4' : 'h3';
  return (
    `<article class="pg-item pg-kind-${item.kind}${o.nested ? ' pg-child' : ''}" id="${escapeHtml(item.uid)}" data-uid="${escapeHtml(item.uid)}" data-start="${item.start}" data-end="${item.end}"${item.parentUid ? ` data-parent="${escapeHtml(item.parentUid)}"` : ''}>` +
    `<div class="pg-time">${o.withDay ? `<span class="pg-day">${escapeHtml(dayLabel(item.day, lang))}</span> ` : ''}<time datetime="${item.start}">${item.startLocal}</time>–<time datetime="${item.end}">${item.endLocal}</time></div>` +
    `<div class="pg-body"><${heading} class="pg-title"><a href="/programme/${escapeHtml(item.uid)}">${escapeHtml(title)}</a></${heading}>` +
    `<p class="pg-meta">${meta}</p>` +
    (people.length ? `<p class="pg-people">${peopleHtml(people)}</p>` : '') +
    (item.chair
      ? `<p class="pg-chair">${escapeHtml(t(lang, `${NS}talk.chair`))}: ${peopleHtml([item.chair])}</p>`
      : '') +
    (children.length
      ? `<div class="pg-children">${children.map((c) => itemHtml(p, c, lang, { ...o, nested: true, withDay: false })).join('')}</div>`
      : '') +
    `</div>` +
    (o.signedIn && item.kind !== 'break' && item.kind !== 'lunch' ? markButton(item, lang) : '') +
    `</article>`
  );
}
