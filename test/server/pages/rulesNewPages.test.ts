/** Saving new pages and templates: every rule of spec 5 "Page" and its message. */
import { describe, expect, test } from 'vitest';
import { page } from '../../helpers/http';
import { HOST_A, newPage } from './setup';
import { usePagesWorld, w, save, row, expectRefused } from './rulesWorld';

usePagesWorld();

describe('save: a new page', () => {
  test('is created in its template and shown on the site at once', async () => {
    const res = await save(newPage(w, { name: 'Programme', html: '<p class="content">the programme</p>' }));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      type: 'PAGE',
      name: 'Programme',
      lang: 'en',
      templateId: w.idsA.page,
      templateName: 'page',
      exteriorName: 'Contract',
      needToLogin: 0,
      isMobile: false,
    });
    expect(res.body.data.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const { res: pageRes, $ } = await page(w.h.app, `/page/${res.body.data.id}`, { host: HOST_A, lang: 'en' });
    expect(pageRes.status).toBe(200);
    expect($('#template-content-container .content').text()).toBe('the programme');
    expect($('#template-page-name-container').text()).toBe('Programme');
  });

  test('the name is required, is trimmed, and has at most 100 characters', async () => {
    await expectRefused(newPage(w, { name: undefined }), 'managePages:nameRequired', 'name');
    await expectRefused(newPage(w, { name: '' }), 'managePages:nameRequired', 'name');
    await expectRefused(newPage(w, { name: '   ' }), 'managePages:nameRequired', 'name');
    await expectRefused(newPage(w, { name: 'x'.repeat(101) }), 'managePages:nameTooLong', 'name');
    const ok = await save(newPage(w, { name: ` ${'页'.repeat(100)} ` }));
    expect(ok.status).toBe(200);
    expect(ok.body.data.name).toBe('页'.repeat(100));
  });

  test('the appearance is required and must be one of this conference', async () => {
    await expectRefused(newPage(w, { exteriorId: undefined }), 'managePages:exteriorRequired', 'exteriorId');
    await expectRefused(newPage(w, { exteriorId: null }), 'managePages:exteriorRequired', 'exteriorId');
    await expectRefused(newPage(w, { exteriorId: w.idsB.exterior }), 'managePages:exteriorRequired', 'exteriorId');
  });

  test('a page has a language', async () => {
    await expectRefused(newPage(w, { lang: null }), 'managePages:langRequired', 'lang');
    await expectRefused(newPage(w, { lang: 'fr' }), 'managePages:langRequired', 'lang');
  });

  test("a page's template must be a page template of this conference", async () => {
    await expectRefused(newPage(w, { templateId: w.idsA.common }), 'managePages:templateInvalid', 'templateId');
    await expectRefused(newPage(w, { templateId: w.idsA.about }), 'managePages:templateInvalid', 'templateId');
    await expectRefused(newPage(w, { templateId: w.idsB.page }), 'managePages:templateInvalid', 'templateId');
    await expectRefused(newPage(w, { templateId: 999999 }), 'managePages:templateInvalid', 'templateId');
    const none = await save(newPage(w, { templateId: null }));
    expect(none.body.data.templateId).toBeNull();
  });

  test('a page that already sits directly in a common template may keep it (and only keep it)', async () => {
    const framed = await row(w.idsA.framed);
    const base = {
      id: framed!.id,
      type: 'PAGE',
      name: framed!.name,
      exteriorId: w.idsA.exterior,
      lang: 'zh',
      html: framed!.html,
    };
    expect((await save({ ...base, templateId: w.idsA.common })).status).toBe(200);
    await expectRefused({ ...base, templateId: w.idsA.mobileCommon }, 'managePages:templateInvalid', 'templateId');
  });

  test('the related mobile page must be a mobile page of this conference', async () => {
    const mobileAbout = (await row(w.idsA.about))!.related_mobile_page_id as number;
    const mobileB = (await row(w.idsB.about))!.related_mobile_page_id as number;
    await expectRefused(
      newPage(w, { relatedMobilePageId: w.idsA.home }),
      'managePages:relatedMobileInvalid',
      'relatedMobilePageId',
    );
    await expectRefused(
      newPage(w, { relatedMobilePageId: mobileB }),
      'managePages:relatedMobileInvalid',
      'relatedMobilePageId',
    );
    await expectRefused(
      newPage(w, { relatedMobilePageId: w.idsA.mobilePage }),
      'managePages:relatedMobileInvalid',
      'relatedMobilePageId',
    );
    const ok = await save(newPage(w, { relatedMobilePageId: mobileAbout }));
    expect(ok.body.data.relatedMobilePageId).toBe(mobileAbout);
    // A mobile page has no mobile page of its own.
    const mobile = await save(
      newPage(w, { isMobile: true, templateId: w.idsA.mobilePage, relatedMobilePageId: mobileAbout }),
    );
    expect(mobile.body.data).toMatchObject({ isMobile: true, relatedMobilePageId: null });
  });

  test('a page cannot be its own mobile page', async () => {
    const created = await save(newPage(w, { isMobile: true, templateId: w.idsA.mobilePage }));
    await expectRefused(
      { ...newPage(w), id: created.body.data.id, isMobile: false, relatedMobilePageId: created.body.data.id },
      'managePages:relatedMobileInvalid',
      'relatedMobilePageId',
    );
  });

  test('the counterpart is a page of this conference in the other language; the pair is kept symmetric and single', async () => {
    const mobileAbout = (await row(w.idsA.about))!.related_mobile_page_id as number;
    const zhPage = await save(newPage(w, { name: '日程', lang: 'zh' }));
    const zhId = zhPage.body.data.id as number;
    await expectRefused(
      newPage(w, { counterpartPageId: w.idsA.about, lang: 'zh' }),
      'managePages:counterpartInvalid',
      'counterpartPageId',
    ); // same language
    await expectRefused(
      newPage(w, { counterpartPageId: mobileAbout, lang: 'en' }),
      'managePages:counterpartInvalid',
      'counterpartPageId',
    ); // a phone page
    await expectRefused(
      newPage(w, { counterpartPageId: w.idsA.page }),
      'managePages:counterpartInvalid',
      'counterpartPageId',
    ); // a template
    await expectRefused(
      newPage(w, { counterpartPageId: w.idsB.about }),
      'managePages:counterpartInvalid',
      'counterpartPageId',
    ); // another conference's
    const en = await save(newPage(w, { counterpartPageId: zhId }));
    expect(en.body.data.counterpartPageId).toBe(zhId);
    expect((await row(zhId))!.counterpart_page_id).toBe(en.body.data.id);
    // Pairing the zh page with another English page frees the first one.
    const en2 = await save(newPage(w, { name: 'Programme 2', counterpartPageId: zhId }));
    expect((await row(zhId))!.counterpart_page_id).toBe(en2.body.data.id);
    expect((await row(en.body.data.id))!.counterpart_page_id).toBeNull();
    // Unpairing from either side clears both; deleting a page clears its partner.
    await save({ ...newPage(w, { name: 'Programme 2' }), id: en2.body.data.id, counterpartPageId: null });
    expect((await row(zhId))!.counterpart_page_id).toBeNull();
    await save({ ...newPage(w, { name: 'Programme' }), id: en.body.data.id, counterpartPageId: zhId });
    expect((await w.call('delete', `/conference/page/delete/${en.body.data.id}`)).status).toBe(200);
    expect((await row(zhId))!.counterpart_page_id).toBeNull();
  });

  test('the type is PAGE or TEMPLATE', async () => {
    await expectRefused(newPage(w, { type: 'POST' }), 'managePages:typeInvalid', 'type');
  });
});

describe('save: templates', () => {
  const template = (patch: Record<string, unknown>) => ({
    type: 'TEMPLATE',
    name: 'T',
    exteriorId: w.idsA.exterior,
    html: '<div class="template-content-container"></div>',
    ...patch,
  });

  test('a template has a kind', async () => {
    await expectRefused(template({}), 'managePages:kindInvalid', 'templateKind');
    await expectRefused(template({ templateKind: 'frame' }), 'managePages:kindInvalid', 'templateKind');
  });

  test("a page template's parent must be a common template of this conference", async () => {
    await expectRefused(
      template({ templateKind: 'page', templateId: w.idsA.page }),
      'managePages:commonTemplateInvalid',
      'templateId',
    );
    await expectRefused(
      template({ templateKind: 'page', templateId: w.idsA.home }),
      'managePages:commonTemplateInvalid',
      'templateId',
    );
    await expectRefused(
      template({ templateKind: 'page', templateId: w.idsB.common }),
      'managePages:commonTemplateInvalid',
      'templateId',
    );
    const ok = await save(template({ templateKind: 'page', templateId: w.idsA.common }));
    expect(ok.body.data).toMatchObject({
      type: 'TEMPLATE',
      templateKind: 'page',
      templateId: w.idsA.common,
      lang: null,
    });
  });

  test('a common template has no parent, no default and no login flag', async () => {
    const res = await save(
      template({ templateKind: 'common', templateId: w.idsA.common, defaultFor: 'pc', needToLogin: 1, lang: 'en' }),
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      templateKind: 'common',
      templateId: null,
      defaultFor: null,
      needToLogin: 0,
      lang: null,
    });
  });

  test('type and kind are fixed once saved', async () => {
    const created = (await save(template({ templateKind: 'page', name: 'fixed' }))).body.data;
    await expectRefused(template({ id: created.id, templateKind: 'common' }), 'managePages:kindFixed', 'templateKind');
    await expectRefused({ ...newPage(w), id: created.id }, 'managePages:typeFixed', 'type');
  });

  test('each device has at most one default page template: setting it moves it', async () => {
    const defaults = async () =>
      Object.fromEntries(
        (
          await w.h
            .db('pages')
            .where({ conference_id: w.a, type: 'TEMPLATE' })
            .whereNotNull('default_for')
            .select('id', 'default_for')
        ).map((r) => [r.id, r.default_for]),
      );
    expect(await defaults()).toEqual({ [w.idsA.page]: 'pc', [w.idsA.mobilePage]: 'mobile' });
    const both = (await save(template({ templateKind: 'page', name: 'both', defaultFor: 'both' }))).body.data;
    expect(await defaults()).toEqual({ [both.id]: 'both' });
    await save({
      ...template({ templateKind: 'page', templateId: w.idsA.mobileCommon }),
      id: w.idsA.mobilePage,
      name: 'mobilePage',
      html: (await row(w.idsA.mobilePage))!.html,
      defaultFor: 'mobile',
      isMobile: true,
    });
    expect(await defaults()).toEqual({ [both.id]: 'pc', [w.idsA.mobilePage]: 'mobile' });
    await save({
      ...template({ templateKind: 'page', templateId: w.idsA.common }),
      id: w.idsA.page,
      name: 'page',
      html: (await row(w.idsA.page))!.html,
      defaultFor: 'pc',
    });
    expect(await defaults()).toEqual({ [w.idsA.page]: 'pc', [w.idsA.mobilePage]: 'mobile' });
    await expectRefused(
      template({ templateKind: 'page', defaultFor: 'tablet' }),
      'managePages:defaultForInvalid',
      'defaultFor',
    );
  });
});
