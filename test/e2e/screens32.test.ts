/**
 * Issue 32's screens as people see them, in Chromium, in Chinese and English, on a desktop (1366)
 * and a phone (390), each audited by axe (WCAG 2.1 AA, no violation) and photographed
 * (test-results/screenshots/screens32-*.png):
 * - the fee page's invitation code: a wrong code shows its message; the right one shows its fee;
 * - the pay page: the methods offered, the bank transfer's details (English names, BIC, IBAN in
 *   groups on the English page);
 * - the submission form: the first author prefilled from the registration and the account;
 * - the statement import: the manager uploads a GBK CSV, then an .xls (test/fixtures/xls.ts), and
 *   sees every row with its outcome and reason (confirmed, skipped, already known, queued);
 * - the payment configuration: every missing field reported at once, then saved.
 * The fees, methods and registrations are written to the database first (as feeOrders.test.ts).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import iconv from 'iconv-lite';
import type { Page } from 'playwright-core';
import { createDb, type Db } from '../../server/db/index';
import { expectNoViolations } from './axe';
import { haveBrowser, loginWithForm, shot, startStage, warnIfNoBrowser, type Stage } from './browser';
import { xlsOf } from '../fixtures/xls';
import {
  BANK,
  CODE,
  COMBOS,
  comboName,
  named,
  PEOPLE,
  PHONE_NO,
  seedScreens32,
  text,
  UNIT,
  type Lang,
} from './screens32Fixture';

warnIfNoBrowser();

describe(
  'issue 32: the screens people see, in Chromium (zh and en, desktop and phone, axe)',
  { skip: !haveBrowser },
  () => {
    let stage: Stage;
    let db: Db;
    let cid: number;
    const password = 'screens-32-password-1';
    const url = (p: string) => stage.url(p);
    const hydrated = (page: Page, island: string) =>
      page.locator(`[data-island="${island}"][data-hydrated="true"]`).first().waitFor();

    async function open(lang: Lang, mobile: boolean, email: string, to: string): Promise<Page> {
      const context = await stage.context({ lang, device: mobile ? 'phone' : 'desktop' });
      const p = await context.newPage();
      await loginWithForm(p, url(''), email, password, to);
      return p;
    }
    /** Nothing wider than the screen (a phone must not scroll sideways). */
    async function fits(p: Page, where: string): Promise<void> {
      const overflow = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 1, `${where}: no sideways scrolling (${overflow} px)`);
    }

    /**
     * The transfer details a person copies onto a bank's form (the reference, the account, the IBAN,
     * the names): where a value goes on to a new line, every break that is neither at a space nor
     * beside a Chinese character (which may break anywhere), as "value: a|b"; and every value wider
     * than the window. A phone must not split "CAS" into "CA / S" or an IBAN group in two.
     */
    async function splitValues(p: Page): Promise<string[]> {
      return p.locator('.transfer-reference-code, .transfer-details .transfer-value').evaluateAll((values) => {
        const found: string[] = [];
        const cjk = /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]/;
        for (const value of values) {
          const chars: Array<{ c: string; top: number }> = [];
          const walker = document.createTreeWalker(value, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const text = node.textContent ?? '';
            for (let i = 0; i < text.length; i++) {
              const range = document.createRange();
              range.setStart(node, i);
              range.setEnd(node, i + 1);
              const rect = range.getClientRects()[0];
              chars.push({ c: text[i], top: rect ? rect.top : Number.NaN });
            }
          }
          let before: { c: string; top: number } | null = null;
          let space = false;
          for (const ch of chars) {
            if (/\s/.test(ch.c) || Number.isNaN(ch.top)) {
              space = true;
              continue;
            }
            if (before && ch.top > before.top + 2 && !space && !cjk.test(before.c) && !cjk.test(ch.c))
              found.push(`${value.textContent}: ${before.c}|${ch.c}`);
            before = ch;
            space = false;
          }
          if (value.getBoundingClientRect().right > window.innerWidth)
            found.push(`${value.textContent}: wider than the window`);
        }
        return found;
      });
    }

    before(async () => {
      stage = await startStage();
      db = createDb({ dataDir: stage.server.dataDir });
      cid = await seedScreens32(db, password);
    });

    after(async () => {
      await db?.destroy();
      await stage?.stop();
    });

    for (const [lang, mobile] of COMBOS) {
      const name = comboName(lang, mobile);
      test(`${name}: the fee page's invitation code (wrong: its message; right: its fee), then the pay page's methods and bank details`, async () => {
        const p = await open(lang, mobile, PEOPLE[name].email, '/profile/conference/fee');
        await hydrated(p, 'ProfileFees');
        const fees = p.locator('.profile-fees');
        const gala = lang === 'en' ? 'Gala dinner' : '嘉宾晚宴';
        assert.doesNotMatch(await fees.innerText(), new RegExp(gala), 'the fee behind the code is hidden');
        const codeInput = p.getByLabel(text(lang, 'orders:fees.invitationCode'), { exact: true });
        await codeInput.fill('WRONG-CODE');
        await fees.getByRole('button', { name: named(text(lang, 'orders:fees.apply')) }).click();
        const wrong = fees.locator('.ant-alert-error');
        await wrong.waitFor();
        assert.equal((await wrong.innerText()).trim(), text(lang, 'fees:wrongCode'));
        assert.equal(await codeInput.getAttribute('aria-invalid'), 'true');
        await fits(p, 'wrong code');
        await shot(p, `screens32-fee-code-wrong-${name}`);
        await expectNoViolations(p, 'the fee page with a wrong code');

        await codeInput.fill(CODE);
        await fees.getByRole('button', { name: named(text(lang, 'orders:fees.apply')) }).click();
        await p.locator('.ant-message-success', { hasText: text(lang, 'fees:codeAccepted') }).waitFor();
        await fees.getByText(gala).first().waitFor();
        assert.equal(await wrong.count(), 0, 'the wrong-code message is gone');
        await shot(p, `screens32-fee-code-applied-${name}`);
        await expectNoViolations(p, 'the fee page with the code applied');

        // The registration fee alone: the order to pay.
        await fees.locator('.ant-radio-wrapper').first().click();
        await fees.locator('.ant-btn-primary').last().click();
        await p.waitForURL(/\/profile\/order\/pay\/goto\/\d+$/);
        await hydrated(p, 'ProfilePay');
        const pay = p.locator('.profile-pay');
        const methods = await pay.locator('.pay-method').allInnerTexts();
        assert.equal(methods.length, 2, `two methods: ${methods.join(' | ')}`);
        assert.match(
          methods.join('|'),
          lang === 'en' ? /Bank transfer[\s\S]*\|[\s\S]*Postal order/ : /银行汇款[\s\S]*\|[\s\S]*邮局汇款/,
        );
        await shot(p, `screens32-pay-methods-${name}`);
        await expectNoViolations(p, 'the pay page');
        await pay.locator('.pay-method').first().click();
        await pay.locator('.ant-btn-primary').first().click();
        await pay.locator('.transfer-reference').waitFor();
        const details = await pay.innerText();
        if (lang === 'en') {
          assert.match(details, /Institute of Physics CAS/);
          assert.match(details, /Bank of China Beijing Branch/);
          assert.doesNotMatch(details, /中国银行北京分行|中国科学院某研究所/, 'the English names on the English page');
        } else {
          assert.match(details, /中国科学院某研究所/);
          assert.match(details, /中国银行北京分行/);
        }
        assert.match(details, /BKCHCNBJ110/);
        assert.match(details, /GB82 WEST 1234 5698 7654 32/);
        assert.match(details, /6222 0000 1111 2222/);
        await fits(p, 'the bank details');
        assert.ok((await p.locator('.transfer-details .transfer-value').count()) >= 6, 'the details are each a value');
        assert.deepEqual(await splitValues(p), [], 'no value of the details split inside a word or a group');
        await shot(p, `screens32-pay-bank-${name}`);
        await expectNoViolations(p, 'the bank transfer details');
        await p.context().close();
      });
    }

    for (const [lang, mobile] of COMBOS) {
      const name = comboName(lang, mobile);
      test(`${name}: the submission form's first author is prefilled from the registration and the account`, async () => {
        const person = PEOPLE[name];
        const p = await open(lang, mobile, person.email, '/profile/submission');
        await hydrated(p, 'ProfileSubmission');
        await p.getByRole('button', { name: named(text(lang, 'submitAuthor:newSubmission'), false) }).click();
        await p.locator('.submission-form').waitFor();
        const value = (field: string) => p.locator(`#submission_authors_0_${field}`).inputValue();
        const [given, surname] = person.name.includes(' ')
          ? person.name.split(' ')
          : [person.name.slice(1), person.name.slice(0, 1)];
        assert.deepEqual(
          {
            name: await value('name'),
            surname: await value('surname'),
            email: await value('email'),
            phone: await value('phone'),
            company: await value('company'),
          },
          { name: given, surname, email: person.email, phone: PHONE_NO, company: UNIT },
        );
        await fits(p, 'the author form');
        await shot(p, `screens32-author-prefilled-${name}`);
        await expectNoViolations(p, 'the prefilled author form');
        await p.context().close();
      });
    }

    for (const [lang, mobile] of COMBOS) {
      const name = comboName(lang, mobile);
      test(`${name}: the manager imports a GBK CSV and an .xls and sees every row with its outcome and reason`, async () => {
        const user = await db('users').where({ email: PEOPLE[name].email }).first();
        const order = await db('orders').where({ conference_id: cid, user_id: user!.id }).first();
        assert.ok(order, 'the order of the pay page test');
        const day = `2026-11-${20 + COMBOS.findIndex(([l, m]) => l === lang && m === mobile)}`;
        const header = ['交易日期', '摘要', '借方发生额', '贷方发生额', '对方户名'];
        // As a bank writes it: every cell quoted (an amount has a thousands separator, the CSV's own comma).
        const csv = [
          ['账号：6222 0000 1111 2222'],
          header,
          [day, `会议注册费 ${order.reference}`, '', '1,000.00', PEOPLE[name].name],
          [day, '手续费', '20.00', '-20.00', ''],
        ]
          .map((r) => r.map((c) => `"${c}"`).join(','))
          .join('\r\n');
        const gbk = iconv.encode(csv, 'gbk');
        const xls = xlsOf([
          header,
          [new Date(`${day}T00:00:00Z`), `会议注册费 ${order.reference}`, null, 1000, PEOPLE[name].name],
          [new Date(`${day}T00:00:00Z`), '注册费 CPZZZZZZZZ', null, { rk: 1000 }, '某某'],
          [new Date(`${day}T00:00:00Z`), '利息', null, null, ''],
        ]);

        const p = await open(lang, mobile, 'boss-s32@example.org', '/platform/manage/order');
        await hydrated(p, 'ManageOrders');
        await p.getByRole('tab', { name: text(lang, 'orders:manage.tabStatement') }).click();
        const screen = p.locator('.manage-orders-statement');
        // A table row on a desktop, a card on a phone (islands/shared/ManageTable.tsx).
        const rowSelector = `.manage-orders-statement ${mobile ? '.manage-card' : '.ant-table-row'}`;
        const rows = p.locator(rowSelector);
        /** Each row as "line outcome orders reason": a row's cells, or a card's heading (the outcome) and its values. */
        const shownRows = () =>
          rows.evaluateAll((found) =>
            found.map((row) => {
              const cells = row.matches('tr')
                ? [...row.querySelectorAll('td')].map((c) => c.textContent ?? '')
                : (() => {
                    const [line, orders, reason] = [...row.querySelectorAll('dd')].map((d) => d.textContent ?? '');
                    return [line, row.querySelector('.manage-card-title')?.textContent ?? '', orders, reason];
                  })();
              return cells.join(' ').replace(/\s+/g, ' ').trim();
            }),
          );
        const outcome = (o: string) => text(lang, `orders:manage.outcomes.${o}`);
        const reason = (r: string) => text(lang, `orders:reason.${r}`);

        const importFile = async (
          file: { name: string; mimeType: string; buffer: Buffer },
          readAs: string,
          lines: number,
        ) => {
          await screen.locator('input[type=file]').setInputFiles(file);
          await screen.locator('.statement-read-as', { hasText: readAs }).waitFor();
          assert.match(await screen.locator('.statement-read-as').innerText(), new RegExp(`\\b${lines}\\b`));
          // The saved mapping fills the columns.
          assert.match(
            await screen.locator('.ant-select', { has: p.locator('#statementImport_amount') }).innerText(),
            /贷方发生额/,
          );
          await screen.locator('form#statementImport button[type=submit]').click();
          await rows.first().waitFor();
          await p.waitForFunction(([selector, n]) => document.querySelectorAll(selector as string).length === n, [
            rowSelector,
            lines,
          ] as const);
          return shownRows();
        };

        const fromCsv = await importFile(
          { name: '对账单.csv', mimeType: 'text/csv', buffer: gbk },
          text(lang, 'orders:manage.encodings.gb18030'),
          2,
        );
        assert.match(
          fromCsv[0],
          new RegExp(`^3 ${outcome('confirmed')} ${order.order_no ?? ''}.*${reason('matched')}`),
        );
        assert.match(fromCsv[1], new RegExp(`^4 ${outcome('skipped')}.*${reason('debit').replace(/[()]/g, '.')}`));
        assert.equal((await db('orders').where({ id: order.id }).first())!.status, 'paid');
        await fits(p, 'the CSV import');
        await shot(p, `screens32-statement-csv-${name}`);
        await expectNoViolations(p, 'the statement import after a CSV');

        const fromXls = await importFile(
          { name: '对账单.xls', mimeType: 'application/vnd.ms-excel', buffer: xls },
          text(lang, 'orders:manage.formats.xls'),
          3,
        );
        assert.match(fromXls[0], new RegExp(`^2 ${outcome('duplicate')}.*${reason('alreadyImported')}`));
        assert.match(fromXls[1], new RegExp(`^3 ${outcome('queued')}.*${reason('unknownReference')}`));
        assert.match(fromXls[2], new RegExp(`^4 ${outcome('skipped')}.*${reason('noAmount')}`));
        await fits(p, 'the .xls import');
        await shot(p, `screens32-statement-xls-${name}`);
        await expectNoViolations(p, 'the statement import after an .xls');
        await p.context().close();
      });
    }

    for (const [lang, mobile] of COMBOS) {
      const name = comboName(lang, mobile);
      test(`${name}: the payment configuration reports every missing field at once, then saves`, async () => {
        // As set up: bank transfer configured, postal remittance not.
        await db('payment_methods').where({ conference_id: cid, method: 'postalRemit' }).delete();
        await db('payment_methods')
          .where({ conference_id: cid, method: 'bankRemit' })
          .update({ fields: JSON.stringify(BANK) });
        await db('payment_settings')
          .where({ conference_id: cid })
          .update({ general_methods: JSON.stringify(['bankRemit']) });

        const p = await open(lang, mobile, 'boss-s32@example.org', '/platform/config/pay');
        await hydrated(p, 'ManagePayConfig');
        const screen = p.locator('.manage-pay-config');
        const card = (method: string) =>
          screen.locator('.ant-card', {
            has: p.locator('.ant-card-head-title', {
              hasText: new RegExp(`^${text(lang, `payments:method.${method}`)}$`),
            }),
          });
        await screen
          .locator('.ant-checkbox-wrapper', { hasText: text(lang, 'payments:method.postalRemit') })
          .first()
          .click();
        await card('bankRemit').getByLabel(text(lang, 'payments:field.account'), { exact: true }).fill('');
        await screen.getByRole('button', { name: named(text(lang, 'payments:save')) }).click();
        await p.locator('.ant-message-error', { hasText: text(lang, 'payments:fixAll', { count: 3 }) }).waitFor();
        const problems = await screen.locator('.ant-form-item-explain-error').allInnerTexts();
        assert.deepEqual(
          problems.sort(),
          [
            text(lang, 'payments:required.account'),
            text(lang, 'payments:required.payeeName'),
            text(lang, 'payments:required.address'),
          ].sort(),
        );
        await fits(p, 'the refused configuration');
        // The screen is long (every method's card): the picture is the first refused field where the screen shows it.
        await screen.locator('.ant-form-item-has-error').first().scrollIntoViewIfNeeded();
        await shot(p, `screens32-pay-config-missing-${name}`, false);
        await expectNoViolations(p, 'the payment configuration with its problems');

        await card('bankRemit').getByLabel(text(lang, 'payments:field.account'), { exact: true }).fill(BANK.account);
        await card('postalRemit').getByLabel(text(lang, 'payments:field.payeeName'), { exact: true }).fill('会务组');
        await card('postalRemit')
          .getByLabel(text(lang, 'payments:field.address'), { exact: true })
          .fill('北京市海淀区中关村南三街8号');
        await screen.getByRole('button', { name: named(text(lang, 'payments:save')) }).click();
        await p.locator('.ant-message-success', { hasText: text(lang, 'payments:saved') }).waitFor();
        // The refusals leave with antd's animation: gone once it ends.
        await screen.locator('.ant-form-item-explain-error').first().waitFor({ state: 'detached' });
        assert.equal(await screen.locator('.ant-form-item-explain-error').count(), 0);
        const settings = await db('payment_settings').where({ conference_id: cid }).first();
        assert.ok(settings);
        assert.deepEqual(JSON.parse(settings.general_methods), ['bankRemit', 'postalRemit']);
        const postal = await db('payment_methods').where({ conference_id: cid, method: 'postalRemit' }).first();
        assert.ok(postal);
        assert.equal(JSON.parse(postal.fields).payeeName, '会务组');
        const bank = await db('payment_methods').where({ conference_id: cid, method: 'bankRemit' }).first();
        assert.ok(bank);
        assert.equal(JSON.parse(bank.fields).account, BANK.account);
        await shot(p, `screens32-pay-config-saved-${name}`, false);
        await expectNoViolations(p, 'the saved payment configuration');
        await p.context().close();
      });
    }
  },
);
