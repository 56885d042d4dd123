/** The catalogs: both languages have the same keys, and namespaced keys resolve on the server. */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { t } from '../../../server/platform/i18n';

const dir = path.resolve(import.meta.dirname, '../../../public/locales');

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

test('zh and en catalogs have exactly the same keys, namespace by namespace', () => {
  const zhFiles = fs.readdirSync(path.join(dir, 'zh')).sort();
  expect(fs.readdirSync(path.join(dir, 'en')).sort()).toEqual(zhFiles);
  for (const file of zhFiles) {
    const zh = keys(JSON.parse(fs.readFileSync(path.join(dir, 'zh', file), 'utf8'))).sort();
    const en = keys(JSON.parse(fs.readFileSync(path.join(dir, 'en', file), 'utf8'))).sort();
    expect(en, file).toEqual(zh);
  }
});

test('namespaced keys resolve on the server', () => {
  expect(t('zh', 'files:cssTooLarge')).toBe('CSS 文件不能超过 1024KB');
  expect(t('en', 'files:cssTooLarge')).toBe('The CSS file can be at most 1024KB');
  expect(t('en', 'userReg.userLoginError')).toBe('Email or password is wrong, please check it');
});
