/**
 * The forms on the browser's own controls (islands/shared/lightForm.tsx and its neighbours, issue
 * 32), in Chromium, as a person meets them: the invoice request sent empty marks every wrong field
 * with its message, tied to the field for a screen reader, and brings the first one into view with
 * the focus; a message goes as the field is corrected; the attendees are typed as names (Enter, a
 * comma of either kind, Backspace, the remove button); the request is then sent. On the feedback
 * form the phone is checked when left, not while typed. No axe violation with the messages shown.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { audit } from './axe';
import { haveBrowser, PHONE, shot, warnIfNoBrowser } from './browser';
import { ATTENDEE, type ManageFixture, startManageStage, type ManageStage } from './manageFixture';

warnIfNoBrowser();

/** A paid order of the fixture without an invoice request (the third person's). */
const PAYER = 'li.na.very.long.address@institute-of-computing.example.org';

describe('the light forms in Chromium', { skip: !haveBrowser }, () => {
  let stage: ManageStage;
  let fixture: ManageFixture;
  const url = (p: string) => stage.url(p);

  before(async () => {
    stage = await startManageStage();
    fixture = stage.fixture;
  });

  after(() => stage?.stop());

  async function open(
    lang: 'zh' | 'en',
    device: 'desktop' | 'phone',
    email: string,
    path: string,
    island: string,
  ): Promise<Page> {
    const context = await stage.context({
      lang: lang,
      token: fixture.tokens.get(email)!,
      ...(device === 'phone' ? PHONE : { viewport: { width: 1366, height: 900 } }),
    });
    const page = await context.newPage();
    await page.goto(url(path));
    await page.locator(`[data-island="${island}"][data-hydrated="true"]`).waitFor();
    return page;
  }

  /** The message a field shows, through the field's own aria-describedby. */
  const messageOf = (page: Page, id: string) =>
    page.evaluate((fieldId) => {
      const field = document.getElementById(fieldId)!;
      const help = field.getAttribute('aria-describedby');
      return {
        invalid: field.getAttribute('aria-invalid'),
        text: help ? (document.getElementById(help)?.textContent ?? null) : null,
      };
    }, id);

  for (const [lang, device] of [
    ['zh', 'desktop'],
    ['en', 'phone'],
  ] as const) {
    test(`the invoice request (${lang}, ${device}): every wrong field marked, the first in view with the focus; names typed; sent`, async () => {
      const payer = await fixture.db('users').where({ email: PAYER }).first();
      const order = (await fixture
        .db('orders')
        .where({ conference_id: fixture.cid, user_id: payer!.id, status: 'paid' })
        .first())!;
      await fixture.db('invoice_requests').where({ conference_id: fixture.cid, order_id: order.id }).delete();
      const page = await open(lang, device, PAYER, `/profile/order/receipt/${order.id}`, 'ProfileReceiptRequest');
      const zh = lang === 'zh';

      // A company title without a name or a taxpayer ID, and no address: sent as it is.
      await page.locator('#invoice_titleName').fill('');
      await page
        .locator('#invoice_titleType')
        .getByText(zh ? '单位' : 'Company', { exact: true })
        .click();
      await page.locator('form#invoice button[type=submit]').click();
      assert.deepEqual(await messageOf(page, 'invoice_titleName'), {
        invalid: 'true',
        text: zh ? '请输入个人姓名或单位名称' : 'Please enter the personal name or company name',
      });
      assert.deepEqual(await messageOf(page, 'invoice_taxpayerId'), {
        invalid: 'true',
        text: zh ? '请输入纳税人识别号' : 'Please enter the taxpayer ID',
      });
      assert.deepEqual(await messageOf(page, 'invoice_address'), {
        invalid: 'true',
        text: zh ? '请输入收件地址' : "Please enter the recipient's address",
      });
      assert.equal(
        await page.evaluate(() => document.activeElement?.id),
        'invoice_titleName',
        'the first wrong field has the focus',
      );
      const box = (await page.locator('#invoice_titleName').boundingBox())!;
      const height = page.viewportSize()!.height;
      assert.ok(box.y > 0 && box.y + box.height < height, `the first wrong field is in view (${box.y} of ${height})`);
      assert.equal(
        await fixture.db('invoice_requests').where({ conference_id: fixture.cid, order_id: order.id }).first(),
        undefined,
        'nothing sent',
      );
      assert.deepEqual(await audit(page), []);
      await shot(page, `light-form-invoice-errors-${lang}-${device}`);

      // Corrected as typed: the message goes with the change.
      await page.locator('#invoice_titleName').fill('中国科学院计算技术研究所');
      assert.deepEqual(await messageOf(page, 'invoice_titleName'), { invalid: null, text: null });
      await page.locator('#invoice_taxpayerId').fill('121000004000123459');
      await page.locator('#invoice_address').fill('北京市海淀区科学院南路6号');

      // The attendees: the prefilled name, two more in one go (a Chinese comma), one taken back, one removed.
      const names = () => page.locator('#invoice_attendees').locator('xpath=..').locator('.ltg-tag').allInnerTexts();
      assert.deepEqual(await names(), ['李娜']);
      await page.locator('#invoice_attendees').fill('张三，王五');
      await page.locator('#invoice_attendees').pressSequentially('Bob');
      await page.locator('#invoice_attendees').press('Enter');
      assert.deepEqual(await names(), ['李娜', '张三', '王五', 'Bob']);
      await page.locator('#invoice_attendees').press('Backspace');
      assert.deepEqual(await names(), ['李娜', '张三', '王五']);
      await page.getByRole('button', { name: zh ? '删除 王五' : 'Remove 王五' }).click();
      assert.deepEqual(await names(), ['李娜', '张三']);

      await page.locator('form#invoice button[type=submit]').click();
      await page.locator('.ant-descriptions').waitFor();
      const sent = await fixture
        .db('invoice_requests')
        .where({ conference_id: fixture.cid, order_id: order.id })
        .first();
      assert.ok(sent);
      assert.equal(sent.title_type, 'company');
      assert.equal(sent.title_name, '中国科学院计算技术研究所');
      assert.deepEqual(JSON.parse(sent.attendees), ['李娜', '张三']);
      await page.context().close();
    });
  }

  test('feedback (en, desktop): the phone is checked when left, not while it is typed', async () => {
    const page = await open('en', 'desktop', ATTENDEE.email, '/profile/feedback', 'ProfileFeedback');
    await page.locator('#feedback_phone').fill('12');
    assert.deepEqual(await messageOf(page, 'feedback_phone'), { invalid: null, text: null }, 'no message while typing');
    await page.locator('#feedback_title').focus();
    assert.equal((await messageOf(page, 'feedback_phone')).invalid, 'true', 'the message once the field is left');
    await page.locator('#feedback_phone').fill('13800138000');
    await page.locator('#feedback_title').focus();
    assert.deepEqual(await messageOf(page, 'feedback_phone'), { invalid: null, text: null });
    assert.deepEqual(await audit(page), []);
    await page.context().close();
  });
});
