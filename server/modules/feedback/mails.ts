/** The feedback mails, in both languages; what the participant wrote is escaped. */
import type { Lang } from '../../contract/enums';
import { escapeHtml } from '../../platform/html';
import type { FeedbackInput } from '../../contract/feedback';

const STYLE = `font-family:Arial,'Microsoft YaHei',sans-serif;font-size:15px;line-height:1.7;color:#1f2937`;

export function feedbackToManagersMail(
  siteName: string,
  f: Pick<FeedbackInput, 'title' | 'name' | 'email' | 'phone' | 'type' | 'content'>,
) {
  const subject = `【${siteName}】新的反馈 New feedback: ${f.title}`.replace(/[\r\n]+/g, ' ').slice(0, 400);
  const rows: Array<[string, string]> = [
    ['标题 Title', f.title],
    ['类型 Type', f.type],
    ['姓名 Name', f.name],
    ['邮箱 E-mail', f.email],
    ['电话 Phone', f.phone],
  ];
  const text = [
    ...rows.map(([k, v]) => `${k}: ${v}`),
    '',
    f.content,
    '',
    '请在会议管理 - 用户反馈中回复。Reply in Conference management - User feedback.',
  ].join('\n');
  const html =
    `<div style="${STYLE}"><table style="border-collapse:collapse">${rows.map(([k, v]) => `<tr><td style="color:#6b7280;padding:2px 12px 2px 0">${escapeHtml(k)}</td><td>${escapeHtml(v)}</td></tr>`).join('')}</table>` +
    `<p style="white-space:pre-wrap;border-left:3px solid #d1d5db;padding-left:12px">${escapeHtml(f.content)}</p>` +
    `<p style="color:#6b7280">请在“会议管理 - 用户反馈”中回复。Reply in “Conference management - User feedback”.</p></div>`;
  return { subject, text, html };
}

/** In the writer's language when their account chose one; both languages otherwise. */
export function replyMail(siteName: string, title: string, reply: string, link: string, lang: Lang | null = null) {
  if (lang) {
    const zh = lang === 'zh';
    const subject = (zh ? `【${siteName}】您的反馈已回复：${title}` : `[${siteName}] Reply to your feedback: ${title}`)
      .replace(/[\r\n]+/g, ' ')
      .slice(0, 400);
    const lead = zh ? '主办方回复了您的反馈：' : 'The organisers replied to your feedback:';
    const see = zh ? '查看详情' : 'See it online';
    const text = `${lead}\n\n${reply}\n\n${see}: ${link}`;
    const html = `<div style="${STYLE}"><p>${lead}</p><p style="white-space:pre-wrap;border-left:3px solid #1d4ed8;padding-left:12px">${escapeHtml(reply)}</p><p><a href="${escapeHtml(link)}">${see}</a></p></div>`;
    return { subject, text, html };
  }
  const subject = `【${siteName}】您的反馈已回复 Reply to your feedback: ${title}`
    .replace(/[\r\n]+/g, ' ')
    .slice(0, 400);
  const lead = '主办方回复了您的反馈 / The organisers replied to your feedback:';
  const text = `${lead}\n\n${reply}\n\n查看详情 See it online: ${link}`;
  const html = `<div style="${STYLE}"><p>${lead}</p><p style="white-space:pre-wrap;border-left:3px solid #1d4ed8;padding-left:12px">${escapeHtml(reply)}</p><p><a href="${escapeHtml(link)}">查看详情 See it online</a></p></div>`;
  return { subject, text, html };
}
