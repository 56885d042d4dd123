/** A talk's (any item's) own page, /programme/<uid>: what, who, where and when, and its papers or its session block. */
import type { Lang } from '../../contract/enums';
import type { ReleasedItem } from '../../contract/programme';
import { escapeHtml } from '../../platform/html';
import { t } from '../../platform/i18n';
import { pick, type PublicProgramme } from './publicData';
import {
  dayLabel,
  itemHtml,
  kindLabel,
  markButton,
  NS,
  peopleHtml,
  peopleOf,
  roomLabel,
  sessionLabel,
} from './publicFormat';
import { loginInvite } from './publicPage';
import { PROGRAMME_CSS, PROGRAMME_SCRIPT } from './publicStyle';

function row(label: string, value: string): string {
  return value ? `<dt>${escapeHtml(label)}</dt><dd>${value}</dd>` : '';
}

export function talkPageHtml(p: PublicProgramme, item: ReleasedItem, lang: Lang, signedIn: boolean): string {
  const L = (key: string) => t(lang, `${NS}${key}`);
  const parent = item.parentUid ? p.byUid.get(item.parentUid) : undefined;
  const children = p.children.get(item.uid) ?? [];
  const people = peopleOf(item);
  const abstract = item.paper?.abstract || pick(item.description, lang);
  const labels = escapeHtml(
    JSON.stringify(Object.fromEntries(['now', 'next', 'mark', 'unmark', 'clash'].map((k) => [k, L(k)]))),
  );
  return (
    `<div class="app-page programme pg-talk" data-programme${signedIn ? ' data-signed-in' : ''} data-labels="${labels}"><style>${PROGRAMME_CSS}</style>` +
    `<p><a href="/programme?day=${item.day}#${escapeHtml(item.uid)}">← ${escapeHtml(L('talk.back'))}</a></p>` +
    // The item itself, with its mark, is the page's first .pg-item: the script finds it like any other.
    `<article class="pg-item" id="${escapeHtml(item.uid)}" data-uid="${escapeHtml(item.uid)}" data-start="${item.start}" data-end="${item.end}"><div class="pg-body">` +
    `<p class="pg-meta">${escapeHtml(kindLabel(item.kind, lang))}${item.paper?.number ? ` · #${escapeHtml(item.paper.number)}` : ''}</p>` +
    `<h1 class="pg-title">${escapeHtml(pick(item.title, lang))}</h1>` +
    (people.length ? `<p class="pg-people">${peopleHtml(people)}</p>` : '') +
    `<dl>` +
    row(
      L('talk.time'),
      `${escapeHtml(dayLabel(item.day, lang, true))} <time datetime="${item.start}">${item.startLocal}</time>–<time datetime="${item.end}">${item.endLocal}</time> <span class="pg-meta">(${escapeHtml(p.programme.timeZone)})</span>`,
    ) +
    row(L('talk.room'), escapeHtml(roomLabel(p, item, lang))) +
    row(L('talk.session'), escapeHtml(sessionLabel(p, item, lang))) +
    row(
      L('talk.partOf'),
      parent ? `<a href="/programme/${escapeHtml(parent.uid)}">${escapeHtml(pick(parent.title, lang))}</a>` : '',
    ) +
    row(L('talk.chair'), item.chair ? peopleHtml([item.chair]) : parent?.chair ? peopleHtml([parent.chair]) : '') +
    row(L('talk.reportType'), item.paper?.reportType ? escapeHtml(pick(item.paper.reportType, lang)) : '') +
    row(L('talk.keywords'), item.paper?.keywords ? escapeHtml(item.paper.keywords) : '') +
    `</dl>` +
    (abstract ? `<h2>${escapeHtml(L('talk.abstract'))}</h2><p class="pg-abstract">${escapeHtml(abstract)}</p>` : '') +
    `<p class="pg-links"><a href="/programme/${escapeHtml(item.uid)}.ics">${escapeHtml(L('talk.addToCalendar'))}</a></p>` +
    `</div>${signedIn && item.kind !== 'break' && item.kind !== 'lunch' ? markButton(item, lang) : ''}</article>` +
    (signedIn ? '' : loginInvite(lang, `/programme/${item.uid}`)) +
    (children.length
      ? `<h2>${escapeHtml(L('talk.papers'))}</h2>${children.map((c) => itemHtml(p, c, lang, { signedIn, nested: true })).join('')}`
      : '') +
    `<script>${PROGRAMME_SCRIPT}</script></div>`
  );
}
