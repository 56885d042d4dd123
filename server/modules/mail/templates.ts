/**
 * A conference's e-mail templates: the built-in text unless a manager changed it, filled with
 * `{{placeholder}}` values by Handlebars (placeholders.ts: escaped in the body, not in the
 * subject, whose line breaks are removed; an unknown placeholder is empty), and written to the
 * outbox in the caller's transaction. A body is cleaned (sanitizeHtml) and every part checked
 * for Handlebars syntax when saved; a stored template that fails anyway sends the built-in text.
 */
import type { Db, Tx } from '../../db/index';
import { toDbInstant } from '../../db/dialect';
import { AppError } from '../../platform/errors';
import { escapeHtml } from '../../platform/html';
import { logger } from '../../platform/logger';
import { sanitizeHtml } from '../../platform/sanitize';
import type { Lang } from '../../contract/enums';
import type { TemplateView } from '../../contract/mail';
import { DEFAULT_TEMPLATES, MAIL_KINDS, PLACEHOLDERS, type MailKind, type MailText } from './defaultTemplates';
import { MAIL_KINDS_SENT } from '../../contract/mail';
import { enqueueMail } from './service';
import { fillTemplate, templateProblem } from './placeholders';
import { plainTextOf } from './plainText';
import { deleteTemplate, storeTemplate, templateRow, templateRows, type TemplateRow } from './templatesRepo';

const log = logger.child({ module: 'mail' });

const textOf = (row: TemplateRow): MailText => ({
  subjectZh: row.subject_zh,
  subjectEn: row.subject_en,
  bodyZh: row.body_zh,
  bodyEn: row.body_en,
});

/** The look of every mail body the platform writes; `LANGUAGE_RULE` parts a message written in both languages. */
export const MAIL_STYLE = "font-family:Arial,'Microsoft YaHei',sans-serif;font-size:15px;line-height:1.7;color:#1f2937";
export const LANGUAGE_RULE = '<hr style="border:0;border-top:1px solid #ddd;margin:24px 0">';

/** A manager's plain text as a mail body: escaped, its line breaks kept (mail to registrants, to reviewers). */
export function plainTextHtml(content: string): string {
  return `<div style="${MAIL_STYLE}">${escapeHtml(content).replace(/\r?\n/g, '<br>')}</div>`;
}

/** A template filled with values; throws when it does not compile (see enqueueConferenceMail). */
export function render(
  text: MailText,
  lang: Lang,
  vars: Record<string, string>,
): { subject: string; html: string; text: string } {
  // A subject is plain text (not escaped). Line breaks go from the values and from the template
  // itself (one saved before they were refused).
  const subject = fillTemplate(lang === 'en' ? text.subjectEn : text.subjectZh, vars, false)
    .replace(/[\r\n]+/g, ' ')
    .slice(0, 500);
  const html = fillTemplate(lang === 'en' ? text.bodyEn : text.bodyZh, vars, true);
  return { subject, html: `<div style="${MAIL_STYLE}">${html}</div>`, text: plainTextOf(html) };
}

/** The preview beside the editor: what saving would keep, filled with sample values; what saving refuses, refused. */
export function preview(input: MailText, lang: Lang, vars: Record<string, string>): ReturnType<typeof render> {
  const text = checkedTemplate(input);
  try {
    return render(text, lang, vars);
  } catch {
    // Compiles, yet fails with values (a helper given two arguments inside a block, say).
    throw new AppError(400, 'mail:templateSyntax');
  }
}

export async function templates(db: Db, conferenceId: number): Promise<TemplateView[]> {
  const rows = await templateRows(db, conferenceId);
  const byKind = new Map(rows.map((r) => [r.kind, r]));
  return MAIL_KINDS.filter((kind) => MAIL_KINDS_SENT.includes(kind)).map((kind) => {
    const row = byKind.get(kind);
    const text = row ? textOf(row) : DEFAULT_TEMPLATES[kind];
    return { kind, ...text, placeholders: PLACEHOLDERS[kind], custom: Boolean(row) };
  });
}

/**
 * A template as it may be stored: the bodies cleaned (sanitizeHtml), then every part checked,
 * so what is checked is what is kept — cleaning can join text into a new `{{…}}`
 * (`<font>{</font>{{x}}}` becomes `{{{x}}}`). A part that does not compile, or prints a value
 * unescaped, is refused (400 with its field).
 */
export function checkedTemplate(input: MailText): MailText {
  const text = { ...input, bodyZh: sanitizeHtml(input.bodyZh).trim(), bodyEn: sanitizeHtml(input.bodyEn).trim() };
  for (const field of ['subjectZh', 'subjectEn', 'bodyZh', 'bodyEn'] as const) {
    // A body of nothing but script and the like is empty once cleaned.
    if (!text[field])
      throw new AppError(400, field.startsWith('body') ? 'mail:bodyRequired' : 'mail:subjectRequired', { field });
    const problem = templateProblem(text[field]);
    if (problem) throw new AppError(400, problem, { field });
  }
  return text;
}

/** Saves a manager's template, checked and cleaned first (checkedTemplate): nothing is written when refused. */
export async function saveTemplate(db: Db, conferenceId: number, kind: MailKind, input: MailText): Promise<void> {
  const text = checkedTemplate(input);
  const values = {
    subject_zh: text.subjectZh,
    subject_en: text.subjectEn,
    body_zh: text.bodyZh,
    body_en: text.bodyEn,
    updated_at: toDbInstant(),
  };
  await storeTemplate(db, conferenceId, kind, values);
}

export async function resetTemplate(db: Db, conferenceId: number, kind: MailKind): Promise<void> {
  await deleteTemplate(db, conferenceId, kind);
}

/**
 * Who a conference mail is written for: one language, or both (a person whose language is not
 * known, on a bilingual site: Chinese first, then English, under a subject in both).
 */
export type MailLang = Lang | 'both';

/** A paragraph the platform adds after the template (what a manager cannot edit away), in html per language. */
export type MailNote = { zh: string; en: string };

function renderOne(
  kind: MailKind,
  text: MailText,
  lang: Lang,
  vars: Record<string, string>,
  conferenceId: number,
  edited: boolean,
  note?: MailNote,
) {
  let mail: ReturnType<typeof render>;
  try {
    mail = render(text, lang, vars);
  } catch (err) {
    // A stored template that no longer compiles (saved before the check): the mail still goes,
    // with the built-in text, and the operator learns why.
    if (!edited) throw err;
    log.warn(
      { conferenceId, kind, lang, err: (err as Error).message },
      'mail template does not render; the built-in text was sent',
    );
    mail = render(DEFAULT_TEMPLATES[kind], lang, vars);
  }
  if (!note) return mail;
  const extra = `<p>${note[lang]}</p>`;
  return {
    subject: mail.subject,
    html: `${mail.html}<div style="${MAIL_STYLE}">${extra}</div>`,
    text: `${mail.text}\n\n${plainTextOf(extra)}`,
  };
}

/**
 * Renders a conference's template and writes it to the outbox (in the caller's transaction).
 * Mail a manager's request causes must have passed ConferenceMailGate.admit first (gate.ts).
 */
export async function enqueueConferenceMail(
  db: Db | Tx,
  conferenceId: number,
  kind: MailKind,
  lang: MailLang,
  to: string[],
  values: Record<string, string> | ((lang: Lang) => Record<string, string>),
  note?: MailNote,
): Promise<number> {
  const vars = (l: Lang) => (typeof values === 'function' ? values(l) : values);
  const row = await templateRow(db, conferenceId, kind);
  const text = row ? textOf(row) : DEFAULT_TEMPLATES[kind];
  if (lang !== 'both') {
    const mail = renderOne(kind, text, lang, vars(lang), conferenceId, Boolean(row), note);
    return enqueueMail(db, { conferenceId, to, subject: mail.subject, text: mail.text, html: mail.html, kind });
  }
  const zh = renderOne(kind, text, 'zh', vars('zh'), conferenceId, Boolean(row), note);
  const en = renderOne(kind, text, 'en', vars('en'), conferenceId, Boolean(row), note);
  const subject = zh.subject === en.subject ? zh.subject : `${zh.subject} / ${en.subject}`.slice(0, 500);
  return enqueueMail(db, {
    conferenceId,
    to,
    subject,
    text: `${zh.text}\n\n——————\n\n${en.text}`,
    html: `${zh.html}${LANGUAGE_RULE}${en.html}`,
    kind,
  });
}
