/**
 * The registration form's checks in the browser (islands/shared/registrationChecks.ts): the messages
 * of spec 5 for the default form's items, in both languages; a filled form passes. (The server
 * checks again: test/server/registration.)
 */
import { describe, expect, test } from 'vitest';
import { validateField, validateForm } from '../../islands/shared/registrationChecks';
import { addCatalogs, translator } from '../../islands/shared/i18n';
import zhCatalogs from '../../islands/shared/catalogs/zh';
import enCatalogs from '../../islands/shared/catalogs/en';
import { defaultRules } from '../../server/contract/registrationRules';

addCatalogs('zh', zhCatalogs);
addCatalogs('en', enCatalogs);
const rules = defaultRules();

describe('validateForm', () => {
  test('an empty form: the name, e-mail and every required item, with their titles', () => {
    const errors = validateForm(rules, {}, 'zh', translator('zh'));
    const required = rules.items
      .filter((i) => i.mode === 'required' && i.type !== 'name' && i.type !== 'email')
      .map((i) => i.field);
    expect(Object.keys(errors).sort()).toEqual(['email', 'fullName', ...required].sort());
    expect(errors.fullName).toBe('请输入姓名');
    expect(errors.email).toBe(translator('zh')('emailFormatError'));
  });

  test('spaces are not an answer; a choice item asks to select', () => {
    const t = translator('en');
    const choice = rules.items.find((i) => i.mode === 'required' && i.type === 'country')!;
    const errors = validateForm(rules, { fullName: '   ', email: 'a@example.org' }, 'en', t);
    expect(errors.fullName).toBe('Please input Full name');
    expect(errors[choice.field]).toMatch(/^Please select /);
  });

  test('lengths and formats', () => {
    const t = translator('en');
    expect(validateField(rules, 'fullName', 'x'.repeat(101), 'en', t)).toBe(t('nameTooLong'));
    expect(validateField(rules, 'email', 'not-an-address', 'en', t)).toBe(t('emailFormatError'));
    expect(validateField(rules, 'email', 'a@example.org', 'en', t)).toBeNull();
    expect(validateField(rules, 'tel', '123', 'en', t)).toBe(t('phoneRequire'));
    expect(validateField(rules, 'tel', '+44 20 7946 0958', 'en', t)).toBeNull();
    expect(validateField(rules, 'unit', 'u'.repeat(201), 'en', t)).toMatch(/200/);
  });

  test('a filled form has no message', () => {
    const values: Record<string, string | string[]> = { fullName: 'Ann', email: 'ann@example.org' };
    for (const item of rules.items) {
      if (item.mode !== 'required' || item.type === 'name' || item.type === 'email') continue;
      values[item.field] =
        item.options[0]?.value ??
        (item.field === 'tel' ? '13912345678' : item.type === 'country' ? 'China' : 'something');
    }
    expect(validateForm(rules, values, 'zh', translator('zh'))).toEqual({});
  });
});
