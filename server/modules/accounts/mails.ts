/** The texts of the account mails, in the language of the page that asked for them. */
import type { Lang } from '../../contract/enums';

export function codeMail(
  lang: Lang,
  siteName: string,
  code: string,
  minutes: number,
): { subject: string; text: string; html: string } {
  const zh = lang === 'zh';
  const subject = zh ? `【${siteName}】邮箱验证码：${code}` : `[${siteName}] Your verification code: ${code}`;
  const lines = zh
    ? [
        `您的邮箱验证码是：${code}`,
        `验证码 ${minutes} 分钟内有效，只能使用一次。`,
        '如果这不是您本人的操作，请忽略本邮件。',
      ]
    : [
        `Your verification code is: ${code}`,
        `It is valid for ${minutes} minutes and can be used once.`,
        'If you did not ask for it, please ignore this e-mail.',
      ];
  const html =
    `<div style="font-family:Arial,'Microsoft YaHei',sans-serif;font-size:15px;line-height:1.7;color:#1f2937">` +
    `<p>${lines[0].replace(code, `<strong style="font-size:22px;letter-spacing:4px;color:#1d4ed8">${code}</strong>`)}</p>` +
    `<p>${lines[1]}</p><p style="color:#6b7280">${lines[2]}</p></div>`;
  return { subject, text: lines.join('\n'), html };
}

/** The code that confirms the erasure of one's own account: says plainly what it will do. */
export function erasureCodeMail(
  lang: Lang,
  siteName: string,
  code: string,
  minutes: number,
): { subject: string; text: string; html: string } {
  const zh = lang === 'zh';
  const subject = zh ? `【${siteName}】注销账号确认码：${code}` : `[${siteName}] Code to erase your account: ${code}`;
  const lines = zh
    ? [
        `您正在申请注销账号并删除您的个人数据。确认码是：${code}`,
        `确认码 ${minutes} 分钟内有效。输入后，您的个人数据将被删除或匿名化，无法恢复。`,
        '如果这不是您本人的操作，请忽略本邮件，并修改密码。',
      ]
    : [
        `You asked to erase your account and your personal data. Your confirmation code is: ${code}`,
        `It is valid for ${minutes} minutes. Once entered, your personal data are erased or anonymised, and this cannot be undone.`,
        'If you did not ask for it, ignore this e-mail and change your password.',
      ];
  const html =
    `<div style="font-family:Arial,'Microsoft YaHei',sans-serif;font-size:15px;line-height:1.7;color:#1f2937">` +
    `<p>${lines[0].replace(code, `<strong style="font-size:22px;letter-spacing:4px;color:#b91c1c">${code}</strong>`)}</p>` +
    `<p>${lines[1]}</p><p style="color:#6b7280">${lines[2]}</p></div>`;
  return { subject, text: lines.join('\n'), html };
}
