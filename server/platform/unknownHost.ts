/** The platform's own 404 for a host that names no conference: plain, bilingual, no scripts. */
import type { Lang } from '../contract/enums';
import { escapeHtml } from './html';

export function renderUnknownHostPage(host: string, platformHost: string, lang: Lang): string {
  const zh = lang === 'zh';
  const title = zh ? '未找到该会议网站' : 'No conference website here';
  const body = zh
    ? `域名 <strong>${escapeHtml(host || '(空)')}</strong> 没有对应的会议网站。请检查网址，或前往会议平台。`
    : `The address <strong>${escapeHtml(host || '(empty)')}</strong> does not belong to any conference website. Check the address, or go to the conference platform.`;
  const link = zh ? '前往会议平台' : 'Go to the conference platform';
  return `<!DOCTYPE html><html lang="${zh ? 'zh-CN' : 'en'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>404 · ${title}</title><style>
body{margin:0;font-family:-apple-system,"Segoe UI",Arial,"Noto Sans CJK SC","PingFang SC","Microsoft YaHei",sans-serif;background:#f5f7fa;color:#1f2937;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{max-width:520px;padding:40px 28px;background:#fff;border-radius:12px;box-shadow:0 4px 24px rgba(0,0,0,.06);text-align:center;margin:16px}
.code{font-size:64px;font-weight:700;color:#1d4ed8;margin:0}h1{font-size:22px;margin:8px 0 16px}p{line-height:1.7;color:#4b5563}
a{display:inline-block;margin-top:12px;padding:10px 20px;border-radius:8px;background:#1d4ed8;color:#fff;text-decoration:none}
</style></head><body><main><p class="code">404</p><h1>${title}</h1><p>${body}</p>
<a href="//${escapeHtml(platformHost)}/">${link}</a></main></body></html>`;
}
