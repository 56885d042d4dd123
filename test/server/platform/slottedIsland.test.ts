/**
 * An island rendered once with tokens for the person's strings and then filled (issue 17) is the
 * very HTML rendering it with the person's values gives: in the markup React writes and in the
 * props the browser hydrates from, whatever characters the values hold.
 */
import { describe, expect, test } from 'vitest';
import * as cheerio from 'cheerio';
import { renderIsland, renderIslandFilled } from '../../../renderer/islands.server';
import { defaultRules } from '../../../server/contract/registrationRules';
import { testForm } from '../registration/helpers';

const EMAIL = 'cpSlotTestEmail1a2b3c4d';
const NAME = 'cpSlotTestName5e6f7a8b';
const PEOPLE = [
  { email: 'plain@example.org', name: 'Plain Person' },
  { email: "o'brien+tag@example.org", name: `A <b>&"Liddell' </script><script>alert(1)</script>` },
  { email: 'wang@example.cn', name: '王小明 \u2028 ✓ 😀' },
  { email: 'empty-name@example.org', name: '' },
];

describe('renderIslandFilled', () => {
  for (const [formName, rules] of [
    ['default form', defaultRules()],
    ['test form', testForm()],
  ] as const) {
    for (const lang of ['zh', 'en'] as const) {
      for (const mobile of [false, true]) {
        test(`the registration form (${formName}, ${lang}, ${mobile ? 'phone' : 'desktop'}) filled equals rendered`, () => {
          for (const person of PEOPLE) {
            const common = { lang, mobile, mode: 'self' as const, version: 'default', rules, notice: false };
            const direct = renderIsland('RegisterForm', { ...common, account: person });
            const filled = renderIslandFilled(
              'RegisterForm',
              { ...common, account: { email: EMAIL, name: NAME } },
              { [EMAIL]: person.email, [NAME]: person.name },
            );
            expect(filled).toBe(direct);
            const props = JSON.parse(cheerio.load(filled)('[data-island="RegisterForm"]').attr('data-props')!) as {
              account: unknown;
            };
            expect(props.account).toEqual(person);
          }
        });
      }
    }
  }
});
