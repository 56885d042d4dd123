/** Website configuration: find, save (every rule and its message), and the public site on the next load. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { page } from '../../../helpers/http';
import { A, createWorld, findConfig, get, JPG, PNG, post, stateOf, upload, WEBSITE, type World } from './helpers';

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w?.h.stop());

async function save(patch: Record<string, unknown>, token = w.managerA) {
  const { config } = await findConfig(w.h, w.managerA);
  return post(w.h, `${WEBSITE}/save`, { ...config, ...patch }, token);
}

describe('find', () => {
  test('answers the editable config in both languages, the domains and the home page candidates', async () => {
    const data = await findConfig(w.h, w.managerA);
    expect(data.config).toMatchObject({
      firstTitle: { zh: '第一标题', en: 'First Title' },
      shortTitle: { zh: 'CTC 2027', en: 'CTC 2027' },
      languageType: '3',
      websiteRecordNumber: '京ICP备00000000号',
      feedbackTypes: [],
      banner: '',
    });
    expect(data.domains).toEqual([{ id: expect.any(Number), domain: A, primary: true, current: true }]);
    // Desktop PAGEs of each language only: no templates, no phone variants, no other conference's.
    const zhPages = await w.h
      .db('pages')
      .where({ conference_id: w.a, type: 'PAGE', lang: 'zh', is_mobile: false })
      .orderBy('id')
      .select('id', 'name');
    expect(data.homePages.zh).toEqual(zhPages);
    expect(data.homePages.en.map((p: { name: string }) => p.name)).toEqual([
      'Home',
      'About',
      'Members',
      'Bare',
      'Framed',
    ]);
    expect(data.config.templateZhHomePageId).toBe(zhPages[0].id);
    // The contract template's banner container names its own default.
    expect(data.bannerFallback).toBe('/banner/from-template.png');
  });
});

describe('save', () => {
  test('saves every field in one call and the find call answers them', async () => {
    const { homePages } = await findConfig(w.h, w.managerA);
    const discipline = await w.h.db('disciplines').where({ code: '0701' }).first();
    const res = await save({
      firstTitle: { zh: '  新的第一标题 ', en: 'New First Title' },
      secondTitle: { zh: '第二', en: 'Second' },
      thirdTitle: { zh: '', en: '' },
      shortTitle: { zh: '新简称', en: 'NEW' },
      department: { zh: '中国科学院', en: 'CAS' },
      city: { zh: '北京', en: 'Beijing' },
      venue: { zh: '友谊宾馆', en: 'Friendship Hotel' },
      registerLabel: { zh: '立即报名', en: 'Apply' },
      disciplineId: discipline!.id,
      startDate: '2027-05-10',
      endDate: '2027-05-12',
      languageType: '3',
      contacts: '会务组\r\n电话 010-1234\n',
      websiteRecordNumber: '京ICP备12345678号',
      templateZhHomePageId: homePages.zh[1].id,
      templateEnHomePageId: homePages.en[1].id,
      // a plain string (as before) names the type in both languages; a pair names it in each; an empty side takes the other
      feedbackTypes: ['注册', { zh: ' 住宿 ', en: 'Hotel' }, { zh: '', en: 'Other' }],
    });
    expect(res.status).toBe(200);
    const { config } = res.body.data;
    expect(config).toMatchObject({
      firstTitle: { zh: '新的第一标题', en: 'New First Title' },
      registerLabel: { zh: '立即报名', en: 'Apply' },
      disciplineId: discipline!.id,
      startDate: '2027-05-10',
      endDate: '2027-05-12',
      contacts: '会务组\n电话 010-1234',
      feedbackTypes: [
        { zh: '注册', en: '注册' },
        { zh: '住宿', en: 'Hotel' },
        { zh: 'Other', en: 'Other' },
      ],
      templateZhHomePageId: homePages.zh[1].id,
    });
    expect(await findConfig(w.h, w.managerA)).toMatchObject({ config });
  });

  test('the public site shows the change on the next load', async () => {
    const before = await page(w.h.app, '/', { host: A, lang: 'zh' });
    expect(before.res.status).toBe(200);
    const { homePages } = await findConfig(w.h, w.managerA);
    expect(
      (
        await save({
          firstTitle: { zh: '下一次加载就变', en: 'Changed at once' },
          templateZhHomePageId: homePages.zh[0].id,
          templateEnHomePageId: homePages.en[0].id,
          registerLabel: { zh: '', en: '' },
        })
      ).status,
    ).toBe(200);
    const zh = await page(w.h.app, '/', { host: A, lang: 'zh' });
    expect(zh.$('#template-first-title-container').text()).toBe('下一次加载就变');
    expect(zh.$('.content').text()).toBe('中文首页内容');
    const en = await page(w.h.app, '/', { host: A, lang: 'en' });
    expect(en.$('#template-first-title-container').text()).toBe('Changed at once');
  });

  test('the home page chosen is the page / shows', async () => {
    const { homePages } = await findConfig(w.h, w.managerA);
    const about = homePages.en.find((p: { name: string }) => p.name === 'About');
    expect((await save({ templateEnHomePageId: about.id })).status).toBe(200);
    const en = await page(w.h.app, '/', { host: A, lang: 'en' });
    expect(en.$('.content').text()).toBe('About us');
    expect((await save({ templateEnHomePageId: homePages.en[0].id })).status).toBe(200);
  });

  test('the register button label and the record number reach the template', async () => {
    expect((await save({ registerLabel: { zh: '马上报名', en: 'Join' }, websiteRecordNumber: '' })).status).toBe(200);
    const zh = await page(w.h.app, '/', { host: A, lang: 'zh' });
    expect(zh.$('#template-register-container').text()).toBe('马上报名');
    // An empty record number removes its element (spec 2.4).
    expect(zh.$('#template-website-record-number-container').length).toBe(0);
    expect((await save({ registerLabel: { zh: '', en: '' }, websiteRecordNumber: '京ICP备00000000号' })).status).toBe(
      200,
    );
    expect((await page(w.h.app, '/', { host: A, lang: 'en' })).$('#template-register-container').text()).toBe(
      'Register',
    );
  });

  test('the conference is renamed here (issue 18): the public config and the login page title follow at once; an empty name is refused', async () => {
    const { config } = await findConfig(w.h, w.managerA);
    expect((await save({ conferenceName: { zh: '改名后的会议', en: 'The Renamed Conference' } })).status).toBe(200);
    expect((await findConfig(w.h, w.managerA)).config.conferenceName).toEqual({
      zh: '改名后的会议',
      en: 'The Renamed Conference',
    });
    const api = await get(w.h, '/conference/platform/config/website/findConferenceWebsiteConfig').set(
      'Cookie',
      'locale=en',
    );
    expect(api.body.data.conferenceName).toBe('The Renamed Conference');
    expect((await page(w.h.app, '/conferencelogin', { host: A, lang: 'zh' })).$('title').text()).toBe('改名后的会议');
    expect((await save({ conferenceName: { zh: ' ', en: 'x' } })).body).toMatchObject({
      message: 'manageSite:conferenceNameZhRequired',
      field: 'conferenceName.zh',
    });
    expect((await save({ conferenceName: config.conferenceName })).status).toBe(200);
  });

  test('an English-only site needs only the English titles', async () => {
    expect(
      (await save({ languageType: '2', firstTitle: { zh: '', en: 'Only English' }, shortTitle: { zh: '', en: 'OE' } }))
        .status,
    ).toBe(200);
    expect((await save({ languageType: '3', firstTitle: { zh: '', en: 'Only English' } })).body).toMatchObject({
      message: 'manageSite:firstTitleZhRequired',
      field: 'firstTitle.zh',
    });
    expect(
      (
        await save({
          languageType: '3',
          firstTitle: { zh: '第一标题', en: 'First Title' },
          shortTitle: { zh: 'CTC', en: 'CTC' },
        })
      ).status,
    ).toBe(200);
  });
});

describe('each rule refuses with its message and field, and changes nothing', () => {
  const long = (n: number) => '字'.repeat(n);
  test.each([
    [{ firstTitle: { zh: ' ', en: 'x' } }, 'manageSite:firstTitleZhRequired', 'firstTitle.zh'],
    [{ firstTitle: { zh: 'x', en: '' } }, 'manageSite:firstTitleEnRequired', 'firstTitle.en'],
    [{ shortTitle: { zh: '', en: 'x' } }, 'manageSite:shortTitleZhRequired', 'shortTitle.zh'],
    [{ shortTitle: { zh: 'x', en: '' } }, 'manageSite:shortTitleEnRequired', 'shortTitle.en'],
    [{ firstTitle: { zh: long(301), en: 'x' } }, 'manageSite:firstTitleTooLong', 'firstTitle.zh'],
    [{ secondTitle: { zh: '', en: 'x'.repeat(301) } }, 'manageSite:secondTitleTooLong', 'secondTitle.en'],
    [{ thirdTitle: { zh: long(301), en: '' } }, 'manageSite:thirdTitleTooLong', 'thirdTitle.zh'],
    [{ shortTitle: { zh: long(101), en: 'x' } }, 'manageSite:shortTitleTooLong', 'shortTitle.zh'],
    [{ department: { zh: long(301), en: '' } }, 'manageSite:departmentTooLong', 'department.zh'],
    [{ city: { zh: '', en: 'x'.repeat(101) } }, 'manageSite:cityTooLong', 'city.en'],
    [{ venue: { zh: long(301), en: '' } }, 'manageSite:venueTooLong', 'venue.zh'],
    [{ registerLabel: { zh: long(21), en: '' } }, 'manageSite:registerLabelTooLong', 'registerLabel.zh'],
    [{ contacts: long(2001) }, 'manageSite:contactsTooLong', 'contacts'],
    [{ websiteRecordNumber: 'x'.repeat(101) }, 'manageSite:websiteRecordNumberTooLong', 'websiteRecordNumber'],
    [{ languageType: '4' }, 'manageSite:languageTypeInvalid', 'languageType'],
    [{ startDate: '2027-02-30', endDate: '2027-03-01' }, 'manageSite:dateInvalid', 'startDate'],
    [{ startDate: '2027/05/01', endDate: '2027-05-02' }, 'manageSite:dateInvalid', 'startDate'],
    [{ startDate: '2027-05-03', endDate: '2027-05-02' }, 'manageSite:dateOrder', 'endDate'],
    [{ startDate: '2027-05-03', endDate: null }, 'manageSite:datesBoth', 'endDate'],
    [{ startDate: '', endDate: '2027-05-03' }, 'manageSite:datesBoth', 'startDate'],
    [{ disciplineId: 999999 }, 'manageSite:disciplineInvalid', 'disciplineId'],
    [
      { feedbackTypes: Array.from({ length: 21 }, (_, i) => `t${i}`) },
      'manageSite:feedbackTypesTooMany',
      'feedbackTypes',
    ],
    [{ feedbackTypes: ['a', '  '] }, 'manageSite:feedbackTypeEmpty', 'feedbackTypes.1'],
    [{ feedbackTypes: ['a', 'x'.repeat(51)] }, 'manageSite:feedbackTypeTooLong', 'feedbackTypes.1.zh'],
    [
      { feedbackTypes: ['a', { zh: '乙', en: 'x'.repeat(51) }] },
      'manageSite:feedbackTypeTooLong',
      'feedbackTypes.1.en',
    ],
    [{ feedbackTypes: [{ zh: '', en: ' ' }] }, 'manageSite:feedbackTypeEmpty', 'feedbackTypes.0'],
    [
      {
        feedbackTypes: [
          { zh: '住宿', en: 'Hotel' },
          { zh: '酒店', en: 'Hotel' },
        ],
      },
      'manageSite:feedbackTypeDuplicate',
      'feedbackTypes.1',
    ],
    [{ feedbackTypes: ['a', 'b', 'a'] }, 'manageSite:feedbackTypeDuplicate', 'feedbackTypes.2'],
    [{ banner: 'https://evil.example/x.png' }, 'manageSite:bannerInvalid', 'banner'],
    [{ banner: '/files/nosuchfile.png' }, 'manageSite:bannerInvalid', 'banner'],
    [{ coverImageUrl: 'javascript:alert(1)' }, 'manageSite:coverInvalid', 'coverImageUrl'],
    [{ firstTitle: 'not a pair' }, 'commonMsg.invalidInput', 'firstTitle'],
    [{ templateZhHomePageId: 'x' }, 'commonMsg.invalidInput', 'templateZhHomePageId'],
  ])('%j → %s', async (patch, message, field) => {
    const before = await stateOf(w.h, w.a);
    const res = await save(patch);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 400, message, field });
    expect(await stateOf(w.h, w.a)).toEqual(before);
  });

  test('a home page must be a desktop PAGE of this conference in that language', async () => {
    const before = await stateOf(w.h, w.a);
    const pages = (kind: Record<string, unknown>) => w.h.db('pages').where(kind).first('id');
    const enPage = await pages({ conference_id: w.a, type: 'PAGE', lang: 'en', is_mobile: false });
    const mobile = await pages({ conference_id: w.a, type: 'PAGE', lang: 'zh', is_mobile: true });
    const template = await pages({ conference_id: w.a, type: 'TEMPLATE' });
    const otherConference = await pages({ conference_id: w.b, type: 'PAGE', lang: 'zh', is_mobile: false });
    for (const id of [enPage!.id, mobile!.id, template!.id, otherConference!.id, 999999]) {
      expect((await save({ templateZhHomePageId: id })).body).toMatchObject({
        message: 'manageSite:zhHomePageInvalid',
        field: 'templateZhHomePageId',
      });
    }
    const zhPage = await pages({ conference_id: w.a, type: 'PAGE', lang: 'zh', is_mobile: false });
    expect((await save({ templateEnHomePageId: zhPage!.id })).body).toMatchObject({
      message: 'manageSite:enHomePageInvalid',
      field: 'templateEnHomePageId',
    });
    expect(await stateOf(w.h, w.a)).toEqual(before);
  });
});

describe('banner and cover image', () => {
  test('an uploaded banner becomes the banner of the public site on the next load; removing it falls back to the template default', async () => {
    const up = await upload(w.h, 'banner', 'banner.png', PNG, w.managerA);
    expect(up.status).toBe(200);
    expect((await save({ banner: up.body.data.url })).status).toBe(200);
    const withBanner = await page(w.h.app, '/', { host: A, lang: 'zh' });
    expect(withBanner.$('#template-banner').attr('src')).toBe(up.body.data.url);
    const cover = await upload(w.h, 'banner', 'cover.jpg', JPG, w.managerA);
    expect((await save({ coverImageUrl: cover.body.data.url })).status).toBe(200);
    const pub = await get(w.h, '/conference/platform/config/website/findConferenceWebsiteConfig');
    expect(pub.body.data).toMatchObject({
      banner: up.body.data.url,
      conference: { coverImageUrl: cover.body.data.url },
    });

    expect((await save({ banner: '' })).status).toBe(200);
    const without = await page(w.h.app, '/', { host: A, lang: 'zh' });
    expect(without.$('#template-banner').attr('src')).toBe('/banner/from-template.png');
  });

  test('a disguised banner (.png that is not a PNG) is refused by the upload and changes nothing', async () => {
    const before = await stateOf(w.h, w.a);
    const files = await w.h.db('files').count({ n: '*' }).first();
    const res = await upload(w.h, 'banner', 'banner.png', Buffer.from('<svg onload=alert(1)></svg>'), w.managerA);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'files:imageJpgPng', field: 'file' });
    expect(await w.h.db('files').count({ n: '*' }).first()).toEqual(files);
    expect(await stateOf(w.h, w.a)).toEqual(before);
  });

  test('a file of another kind, or of another conference, cannot become the banner', async () => {
    const thumb = await upload(w.h, 'thumbnail', 'thumb.png', PNG, w.managerA);
    expect((await save({ banner: thumb.body.data.url })).body).toMatchObject({
      message: 'manageSite:bannerInvalid',
      field: 'banner',
    });
    const foreign = await upload(w.h, 'banner', 'b.png', PNG, w.managerB, 'other.localhost');
    expect(foreign.status).toBe(200);
    expect((await save({ banner: foreign.body.data.url })).body).toMatchObject({
      message: 'manageSite:bannerInvalid',
      field: 'banner',
    });
    expect((await save({ coverImageUrl: foreign.body.data.url })).body).toMatchObject({
      message: 'manageSite:coverInvalid',
      field: 'coverImageUrl',
    });
  });

  test('a value already stored (a built-in banner) can be saved again unchanged', async () => {
    await w.h.db('website_configs').where({ conference_id: w.a }).update({ banner: '/banner/demo-banner.png' });
    await w.h.sites.siteChanged(w.a);
    expect((await save({ websiteRecordNumber: 'A-1' })).status).toBe(200);
    expect((await findConfig(w.h, w.managerA)).config.banner).toBe('/banner/demo-banner.png');
    expect((await save({ banner: '/banner/demo2-banner.png' })).body).toMatchObject({
      message: 'manageSite:bannerInvalid',
    });
  });
});
