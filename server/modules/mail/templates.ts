/**
 * A conference's e-mail templates: the built-in text unless a manager changed it, filled with
 * `{{placeholder}}` values (escaped in the body, line breaks removed in the subject; an unknown
 * placeholder is empty), and written to the outbox in the caller's transaction.
 */
import type { Db, Tx } from '../../db/index';
import { toDbInstant } from '../../db/dialect';
import { escapeHtml } from '../../platform/html';
import type { Lang } from '../../contract/enums';
import type { TemplateView } from '../../contract/mail';
import { DEFAULT_TEMPLATES, MAIL_KINDS, PLACEHOLDERS, type MailKind, type MailText } from './defaultTemplates';
import { enqueueMail } from './service';

type Row = { conference_id: number; kind: MailKind; subject_zh: string; subject_en: string; body_zh: string; body_en: string };

function fill(template: string, vars: Record<string, string>, escape: (v: string) => string): string {
  return template.replace(/\{\{\s*([A-Za-z]+)\s*\}\}/g, (_, key: string) => escape(vars[key] ?? ''));
}

/** A readable plain-text part from the HTML body. */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*/gi, '\n\n')
    .replace(/<a [^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/gi, (_, href: string, label: string) => (label === href ? href : `${label} (${href})`))
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export function render(text: MailText, lang: Lang, vars: Record<string, string>): { subject: string; html: string; text: string } {
  // Line breaks go from the values and from the template itself (one saved before they were refused).
  const subject = fill(lang === 'en' ? text.subjectEn : text.subjectZh, vars, (v) => v).replace(/[\r\n]+/g, ' ').slice(0, 500);
  const html = fill(lang === 'en' ? text.bodyEn : text.bodyZh, vars, escapeHtml);
  return { subject, html: `<div style="font-family:Arial,'Microsoft YaHei',sans-serif;font-size:15px;line-height:1.7;color:#1f2937">${html}</div>`, text: htmlToText(html) };
}

export async function templates(db: Db, conferenceId: number): Promise<TemplateView[]> {
  const rows = await db<Row>('mail_templates').where({ conference_id: conferenceId });
  const byKind = new Map(rows.map((r) => [r.kind, r]));
  return MAIL_KINDS.map((kind) => {
    const row = byKind.get(kind);
    const text = row ? { subjectZh: row.subject_zh, subjectEn: row.subject_en, bodyZh: row.body_zh, bodyEn: row.body_en } : DEFAULT_TEMPLATES[kind];
    return { kind, ...text, placeholders: PLACEHOLDERS[kind], custom: Boolean(row) };
  });
}

export async function saveTemplate(db: Db, conferenceId: number, kind: MailKind, text: MailText): Promise<void> {
  const values = { subject_zh: text.subjectZh, subject_en: text.subjectEn, body_zh: text.bodyZh, body_en: text.bodyEn, updated_at: toDbInstant() };
  const updated = await db('mail_templates').where({ conference_id: conferenceId, kind }).update(values);
  if (!updated) await db('mail_templates').insert({ conference_id: conferenceId, kind, ...values });
}

export async function resetTemplate(db: Db, conferenceId: number, kind: MailKind): Promise<void> {
  await db('mail_templates').where({ conference_id: conferenceId, kind }).delete();
}

/**
 * Renders a conference's template and writes it to the outbox (in the caller's transaction).
 * Mail a manager's request causes must have passed ConferenceMailGate.admit first (gate.ts).
 */
export async function enqueueConferenceMail(db: Db | Tx, conferenceId: number, kind: MailKind, lang: Lang, to: string[], vars: Record<string, string>): Promise<number> {
  const row = await db<Row>('mail_templates').where({ conference_id: conferenceId, kind }).first();
  const text = row ? { subjectZh: row.subject_zh, subjectEn: row.subject_en, bodyZh: row.body_zh, bodyEn: row.body_en } : DEFAULT_TEMPLATES[kind];
  const mail = render(text, lang, vars);
  const id = await enqueueMail(db, { conferenceId, to, subject: mail.subject, text: mail.text, html: mail.html });
  await db('mail_outbox').where({ id }).update({ kind });
  return id;
}
