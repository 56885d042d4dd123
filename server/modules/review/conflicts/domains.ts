/**
 * The institution behind an e-mail address: its registrable domain, so that a department's mail
 * server (cs.tsinghua.edu.cn) and the university's (mails.tsinghua.edu.cn) compare equal.
 */
import { foldText } from './text';

/** Mail providers anyone can sign up to: sharing one says nothing about an institution. */
export const PUBLIC_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  'qq.com',
  '163.com',
  '126.com',
  '188.com',
  'yeah.net',
  'sina.com',
  'sina.cn',
  'sohu.com',
  'foxmail.com',
  '139.com',
  '189.cn',
  'wo.cn',
  '21cn.com',
  'tom.com',
  'aliyun.com',
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'yahoo.com',
  'yahoo.co.jp',
  'yahoo.co.uk',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'protonmail.com',
  'proton.me',
  'mail.com',
  'gmx.com',
  'gmx.de',
  'web.de',
  'yandex.ru',
  'zoho.com',
  'naver.com',
  'daum.net',
]);

/**
 * Second-level labels that are generic under a country code (edu.cn, ac.uk, co.jp...): there the
 * institution is the third label from the right. A short list instead of the whole public suffix
 * list, because only academic and company mail matters here.
 */
const GENERIC_SECOND_LEVEL = new Set([
  'ac',
  'co',
  'com',
  'edu',
  'gov',
  'net',
  'org',
  'or',
  'ne',
  'go',
  'mil',
  'sch',
  'nhs',
  'res',
  'gen',
]);

const LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/** The host of a folded, trimmed address, or null when it is not one local part, '@', a host. */
export function hostOf(address: string): string | null {
  const at = address.lastIndexOf('@');
  return at <= 0 || address.indexOf('@') !== at || /\s/.test(address) ? null : address.slice(at + 1);
}

/** The registrable domain of a host name, or null for a public provider or a malformed host. */
export function hostDomain(host: string): string | null {
  const labels = host.replace(/\.$/, '').split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l)) || !/^[a-z]{2,}$/.test(labels[labels.length - 1]))
    return null;
  const [second, top] = labels.slice(-2);
  const width = top.length === 2 && GENERIC_SECOND_LEVEL.has(second) ? 3 : 2;
  if (labels.length < width) return null; // the address is at a bare public suffix such as edu.cn
  const domain = labels.slice(-width).join('.');
  return PUBLIC_MAIL_DOMAINS.has(domain) ? null : domain;
}

/** The registrable domain of an address, or null for a public mail provider or a malformed address. */
export function institutionDomain(email: string): string | null {
  const host = hostOf(foldText(email).trim());
  return host === null ? null : hostDomain(host);
}
