/**
 * Mail to the people whose items moved in a release (speakers, presenting authors, chairs with an
 * account or an address): each once, listing every item of theirs that moved with its old and new
 * day, time and room, in their language (both when it is not known).
 */
import type { Db, Tx } from '../../db/index';
import type { Lang } from '../../contract/enums';
import type { ProgrammeChange, ProgrammePlace, ReleasedProgramme } from '../../contract/programme';
import type { EditorItem } from '../../contract/programmeEditor';
import { programmeItemUid } from '../../contract/programme';
import type { Pair } from '../../contract/siteConfig';
import { escapeHtml } from '../../platform/html';
import { t } from '../../platform/i18n';
import { accountsByIds, languageOfAddress, languageOfUser } from '../accounts/index';
import type { ProgrammeManuscript } from '../submissions/index';

export type MovedLine = { title: Pair; before: ProgrammePlace; after: ProgrammePlace };
export type MovedPerson = { email: string; name: string; lang: Lang | null; lines: MovedLine[] };

/** Who is told, by address (lower-case), with the lines that concern them. */
export async function movedPeople(
  db: Db | Tx,
  changes: ProgrammeChange[],
  items: EditorItem[],
  manuscripts: Map<number, ProgrammeManuscript>,
): Promise<MovedPerson[]> {
  const byUid = new Map(items.map((i) => [programmeItemUid(i.id), i]));
  const moved = changes.filter((c) => c.change === 'moved' && c.before && c.after);
  const wanted: Array<{ accountId: number | null; email: string; name: string; line: MovedLine }> = [];
  for (const c of moved) {
    const item = byUid.get(c.uid);
    if (!item) continue;
    const line = { title: c.title, before: c.before!, after: c.after! };
    const people = [...item.speakers, ...(item.chair ? [item.chair] : [])];
    const paper = item.submissionId !== null ? manuscripts.get(item.submissionId) : undefined;
    if (paper) people.push(...paper.authors.filter((a) => a.presenting));
    for (const p of people) wanted.push({ accountId: p.accountId, email: p.email, name: p.name, line });
  }
  const accounts = await accountsByIds(
    db,
    wanted.map((w) => w.accountId).filter((a): a is number => a !== null),
  );
  const out = new Map<string, MovedPerson & { accountId: number | null }>();
  for (const w of wanted) {
    const email = ((w.accountId !== null ? accounts.get(w.accountId)?.email : undefined) || w.email)
      .trim()
      .toLowerCase();
    if (!email) continue;
    const person = out.get(email) ?? { email, name: w.name, lang: null, lines: [], accountId: w.accountId };
    if (!person.lines.some((l) => l === w.line)) person.lines.push(w.line);
    out.set(email, person);
  }
  for (const person of out.values())
    person.lang =
      person.accountId !== null
        ? await languageOfUser(db, person.accountId)
        : await languageOfAddress(db, person.email);
  return [...out.values()].map(({ email, name, lang, lines }) => ({ email, name, lang, lines }));
}

const STYLE = `font-family:Arial,'Microsoft YaHei',sans-serif;font-size:15px;line-height:1.7;color:#1f2937`;

function placeText(p: ProgrammePlace, rooms: Map<number, Pair>, lang: Lang): string {
  const room =
    p.roomId === null
      ? t(lang, 'programmeManage:grid.allRooms')
      : rooms.get(p.roomId)?.[lang] || rooms.get(p.roomId)?.zh || '';
  return `${p.day} ${p.startLocal}–${p.endLocal}${room ? `, ${room}` : ''}`;
}

function one(lang: Lang, siteName: Pair, link: string, person: MovedPerson, rooms: Map<number, Pair>) {
  const name = siteName[lang] || siteName.zh || siteName.en;
  const subject = t(lang, 'programmeManage:mail.subject', { conference: name })
    .replace(/[\r\n]+/g, ' ')
    .slice(0, 240);
  const rows = person.lines.map((l) => ({
    title: l.title[lang] || l.title.zh || l.title.en,
    before: placeText(l.before, rooms, lang),
    after: placeText(l.after, rooms, lang),
  }));
  const hello = t(lang, 'programmeManage:mail.hello', { name: person.name });
  const lead = t(lang, 'programmeManage:mail.lead', { conference: name });
  const was = t(lang, 'programmeManage:mail.was');
  const now = t(lang, 'programmeManage:mail.now');
  const see = t(lang, 'programmeManage:mail.see');
  const text = [
    hello,
    '',
    lead,
    '',
    ...rows.flatMap((r) => [r.title, `  ${was}: ${r.before}`, `  ${now}: ${r.after}`, '']),
    `${see} ${link}`,
  ].join('\n');
  const html =
    `<div style="${STYLE}"><p>${escapeHtml(hello)}</p><p>${escapeHtml(lead)}</p><ul>` +
    rows
      .map(
        (r) =>
          `<li><strong>${escapeHtml(r.title)}</strong><br>${escapeHtml(was)}: <s>${escapeHtml(r.before)}</s><br>${escapeHtml(now)}: ${escapeHtml(r.after)}</li>`,
      )
      .join('') +
    `</ul><p>${escapeHtml(see)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p></div>`;
  return { subject, text, html };
}

/** The mail of one person: in their language, or both (Chinese first) when it is not known. */
export function movedMail(
  siteName: Pair,
  link: string,
  person: MovedPerson,
  snapshot: ReleasedProgramme,
  previous: ReleasedProgramme | null,
) {
  const rooms = new Map<number, Pair>([...(previous?.rooms ?? []), ...snapshot.rooms].map((r) => [r.id, r.name]));
  if (person.lang) return one(person.lang, siteName, link, person, rooms);
  const zh = one('zh', siteName, link, person, rooms);
  const en = one('en', siteName, link, person, rooms);
  return {
    subject: `${zh.subject} / ${en.subject}`.slice(0, 480),
    text: `${zh.text}\n\n——————\n\n${en.text}`,
    html: `${zh.html}<hr style="border:0;border-top:1px solid #ddd;margin:24px 0">${en.html}`,
  };
}
