/**
 * A person's agenda, /programme/agenda: the items they marked by day, clashes shown, the agenda as
 * a calendar file, and the secret address a calendar can subscribe to (made, renewed, stopped).
 */
import type { Lang } from '../../contract/enums';
import type { ReleasedItem } from '../../contract/programme';
import { escapeHtml } from '../../platform/html';
import { t } from '../../platform/i18n';
import type { PublicProgramme } from './publicData';
import { dayLabel, itemHtml, NS } from './publicFormat';
import { PROGRAMME_CSS, PROGRAMME_SCRIPT } from './publicStyle';

/** The feed buttons' script: POST makes (and so renews) the address and shows it once; DELETE stops it. */
const FEED_SCRIPT = `(function(){var box=document.querySelector('.pg-feed');if(!box)return;var out=box.querySelector('.pg-feed-url');
function go(m){return fetch('/api/conference/programme/feed',{method:m,credentials:'same-origin',headers:{Accept:'application/json'}}).then(function(r){return r.json()})}
box.addEventListener('click',function(e){var b=e.target.closest&&e.target.closest('button[data-feed]');if(!b)return;b.disabled=true;var m=b.getAttribute('data-feed');
go(m).then(function(env){var st=box.querySelector('.pg-feed-state');st.textContent=env.code===200?box.getAttribute(m==='POST'?'data-made':'data-stopped'):(env.message||'');if(m==='POST'&&env.data&&env.data.url){out.hidden=false;var i=out.querySelector('input');i.value=env.data.url;out.querySelector('a').href=env.data.url.replace(/^https?:/,'webcal:');i.focus();i.select()}else{out.hidden=true}}).catch(function(){}).then(function(){b.disabled=false})})})();`;

export function agendaPageHtml(
  p: PublicProgramme | null,
  items: ReleasedItem[],
  clashes: Array<[string, string]>,
  lang: Lang,
  hasFeed: boolean,
): string {
  const L = (key: string) => t(lang, `${NS}${key}`);
  const labels = escapeHtml(
    JSON.stringify(Object.fromEntries(['now', 'next', 'mark', 'unmark', 'clash'].map((k) => [k, L(k)]))),
  );
  const parts: string[] = [
    `<h1>${escapeHtml(L('agenda.title'))}</h1>`,
    `<p><a href="/programme">← ${escapeHtml(L('talk.back'))}</a></p>`,
  ];
  if (!p) parts.push(`<p class="pg-empty">${escapeHtml(L('notPublished'))}</p>`);
  else if (!items.length) parts.push(`<p class="pg-empty">${escapeHtml(L('agenda.empty'))}</p>`);
  else {
    if (clashes.length)
      parts.push(
        `<p class="pg-notice" role="status">${escapeHtml(t(lang, `${NS}agenda.clashes`, { count: clashes.length }))}</p>`,
      );
    const days = new Map<string, ReleasedItem[]>();
    for (const item of items) (days.get(item.day) ?? days.set(item.day, []).get(item.day)!).push(item);
    for (const [day, list] of [...days.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      parts.push(
        `<h2>${escapeHtml(dayLabel(day, lang, true))}</h2>${list.map((i) => itemHtml(p, i, lang, { signedIn: true, showChildren: false })).join('')}`,
      );
    }
    parts.push(
      `<p class="pg-links"><a href="/programme/agenda.ics" download>${escapeHtml(L('agenda.download'))}</a></p>`,
    );
  }
  parts.push(
    `<section class="pg-feed" data-made="${escapeHtml(L('feedMade'))}" data-stopped="${escapeHtml(L('feedRevoked'))}"><h2>${escapeHtml(L('agenda.feedTitle'))}</h2><p>${escapeHtml(L('agenda.feedHint'))}</p>` +
      `<p><button type="button" class="pg-button" data-feed="POST">${escapeHtml(L(hasFeed ? 'agenda.feedRenew' : 'agenda.feedMake'))}</button> ` +
      (hasFeed
        ? `<button type="button" class="pg-button pg-secondary" data-feed="DELETE">${escapeHtml(L('agenda.feedStop'))}</button>`
        : '') +
      `</p><p class="pg-feed-state" role="status"></p>` +
      `<div class="pg-feed-url" hidden><label>${escapeHtml(L('agenda.feedUrl'))}<input type="text" readonly></label><p><a href="#">${escapeHtml(L('agenda.feedOpen'))}</a></p></div></section>`,
  );
  return `<div class="app-page programme" data-programme data-signed-in data-labels="${labels}"><style>${PROGRAMME_CSS}</style>${parts.join('')}<script>${PROGRAMME_SCRIPT}${FEED_SCRIPT}</script></div>`;
}
