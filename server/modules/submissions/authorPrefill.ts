/**
 * The first author of a new manuscript, filled from what the platform knows of the person
 * (issue 32): the registration's contact (name parts, e-mail, phone, country, unit) and, where it
 * is silent, the account (its name, its e-mail). A name given whole is split the way it is written:
 * a Chinese name's first character is the surname (复姓 too: 欧阳, 司马…), a Latin name's last word.
 */
import type { AuthorView } from '../../contract/submissions';

/** What the registration says of the person (registration's contactOf), null when not registered. */
export type ContactLike = {
  email: string;
  name: string;
  unit: string;
  phone: string;
  firstName: string;
  lastName: string;
  country: string;
};

const HAN = /^[\u3400-\u9fff\u00b7·]+$/u;
const COMPOUND_SURNAMES = [
  '欧阳',
  '司马',
  '上官',
  '诸葛',
  '东方',
  '皇甫',
  '尉迟',
  '公孙',
  '慕容',
  '长孙',
  '宇文',
  '司徒',
  '夏侯',
  '轩辕',
  '令狐',
  '端木',
  '独孤',
  '南宫',
  '西门',
  '澹台',
];

/** A whole name as [given name, surname]. */
export function splitName(whole: string): [string, string] {
  const name = whole.trim().replace(/\s+/g, ' ');
  if (!name) return ['', ''];
  if (HAN.test(name.replace(/ /g, ''))) {
    const compact = name.replace(/ /g, '');
    if (compact.length < 2) return ['', compact];
    const surname = COMPOUND_SURNAMES.find((s) => compact.startsWith(s) && compact.length > s.length) ?? compact[0];
    return [compact.slice(surname.length), surname];
  }
  const words = name.split(' ');
  if (words.length === 1) return [name, ''];
  return [words.slice(0, -1).join(' '), words[words.length - 1]];
}

export function authorPrefill(contact: ContactLike | null, account: { email: string; name: string }): AuthorView {
  let given = contact?.firstName ?? '';
  let surname = contact?.lastName ?? '';
  if (!given && !surname) [given, surname] = splitName(contact?.name || account.name);
  return {
    name: given,
    surname,
    email: contact?.email || account.email,
    phone: contact?.phone ?? '',
    country: contact?.country ?? '',
    company: contact?.unit ?? '',
    corresponding: true,
  };
}
