/**
 * Mail templates with Handlebars and a cleaned body: what saving refuses (syntax, unescaped
 * output, partials, helpers) with its message in both languages and nothing saved; what a
 * saved body keeps; how values are filled (escaped in the body, not in the subject, unknown
 * ones empty); the plain-text part; a stored template that fails sends the built-in text.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../helpers/harness';
import { contractSite } from '../../fixtures/contractSite';
import { t } from '../../../server/platform/i18n';
import { DEFAULT_TEMPLATES } from '../../../server/modules/mail/defaultTemplates';
import { enqueueConferenceMail, render } from '../../../server/modules/mail/templates';
import { COMPILE_CACHE_SIZE, compileCacheSize, fillTemplate } from '../../../server/modules/mail/placeholders';
import { plainTextOf } from '../../../server/modules/mail/plainText';
import { call } from '../registration/helpers';

let h: Harness;
let cid: number;
let manager: string;
const host = 'templates.localhost';
const SAVE = '/conference/platform/config/email/templates/registration';
const good = {
  subjectZh: '【{{conferenceName}}】报名成功',
  subjectEn: '[{{conferenceName}}] Registered',
  bodyZh: '<p>{{name}} 您好</p>',
  bodyEn: '<p>Hello {{name}}</p>',
};
const stored = () => h.db('mail_templates').where({ conference_id: cid, kind: 'registration' }).first();

beforeAll(async () => {
  h = await createHarness({ seedDemo: false });
  cid = await h.provision(contractSite({ slug: 'templates', domains: [host] }));
  manager = await h.login({ email: 'tpl-boss@example.org', conferenceId: cid, roles: ['manager'] });
});
afterAll(() => h?.stop());

describe('saving refuses, with a message in both languages, and saves nothing', () => {
  test.each([
    ['an unclosed block', { bodyEn: '<p>{{#if name}}Hello</p>' }, 'bodyEn', 'mail:templateSyntax'],
    ['an unclosed placeholder', { subjectZh: '报名 {{name' }, 'subjectZh', 'mail:templateSyntax'],
    ['a partial', { bodyZh: '<p>{{> header}}</p>' }, 'bodyZh', 'mail:templateSyntax'],
    ['an inline partial', { bodyEn: '{{#*inline "x"}}y{{/inline}}<p>x</p>' }, 'bodyEn', 'mail:templateSyntax'],
    ['a helper that is not allowed', { bodyEn: '<p>{{lookup this "name"}}</p>' }, 'bodyEn', 'mail:templateSyntax'],
    ['the log helper', { subjectEn: '{{log "x"}} Registered' }, 'subjectEn', 'mail:templateSyntax'],
    ['an unknown helper', { bodyEn: '<p>{{upper name}}</p>' }, 'bodyEn', 'mail:templateSyntax'],
    ['a triple-stash', { bodyEn: '<p>Hello {{{name}}}</p>' }, 'bodyEn', 'mail:templateUnescaped'],
    ['an & placeholder in a subject', { subjectZh: '{{& name}} 报名成功' }, 'subjectZh', 'mail:templateUnescaped'],
    // In a body the & is text, written &amp; once cleaned: no longer a placeholder Handlebars reads.
    ['an & placeholder in a body', { bodyZh: '<p>{{& name}} 您好</p>' }, 'bodyZh', 'mail:templateSyntax'],
    ['a triple-stash in a subject', { subjectEn: 'Registered {{{name}}}' }, 'subjectEn', 'mail:templateUnescaped'],
    // Cleaning drops <font> but keeps its text: the check runs on what would be stored.
    [
      'a triple-stash that cleaning would make',
      { bodyEn: '<p><font>{</font>{{name}}}</p>' },
      'bodyEn',
      'mail:templateUnescaped',
    ],
  ])('%s', async (_name, change, field, message) => {
    for (const lang of ['zh', 'en'] as const) {
      const res = await call(h, host, 'post', SAVE, { token: manager, lang, body: { ...good, ...change } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 400, message, field });
      // The screen shows the key's text: a real sentence in each language, not the key.
      const text = t(lang, res.body.message);
      expect(text).not.toBe(message);
      expect(text).not.toMatch(/mail:|\{\{/);
    }
    expect(t('zh', message)).not.toBe(t('en', message));
    expect(await stored()).toBeUndefined();
    // The preview refuses it too, in the envelope (never a 500).
    const preview = await call(h, host, 'post', `${SAVE}/preview`, {
      token: manager,
      body: { ...good, ...change, lang: 'en' },
    });
    expect(preview.body).toMatchObject({ code: 400, message });
  });

  test('a body that is nothing but script is empty once cleaned, and refused as empty', async () => {
    const res = await call(h, host, 'post', SAVE, {
      token: manager,
      body: { ...good, bodyZh: '<script>alert(1)</script>' },
    });
    expect(res.body).toMatchObject({ code: 400, message: 'mail:bodyRequired', field: 'bodyZh' });
    expect(await stored()).toBeUndefined();
  });
});

describe('a saved template', () => {
  test('its body is cleaned: no script, no handler, Chinese as written, placeholders kept', async () => {
    const bodyZh =
      '<img src=x onerror=alert(1)><script>alert(2)</script><p>中文 {{name}}</p><p><a href="{{profileUrl}}" onclick="x()">个人中心</a> <a href="javascript:alert(3)">坏</a></p>';
    const res = await call(h, host, 'post', SAVE, { token: manager, body: { ...good, bodyZh } });
    expect(res.body.code).toBe(200);
    const row = await stored();
    for (const body of [row!.body_zh, res.body.data[0].bodyZh]) {
      expect(body).not.toMatch(/script|onerror|onclick|javascript:|alert/);
      expect(body).toContain('<p>中文 {{name}}</p>');
      expect(body).toContain('<a href="{{profileUrl}}">个人中心</a>');
    }
    const id = await enqueueConferenceMail(h.db, cid, 'registration', 'zh', ['clean@example.org'], {
      name: '张伟',
      profileUrl: 'https://t.example/profile',
    });
    const mail = await h.db('mail_outbox').where({ id }).first();
    expect(mail!.html_body).toContain('<p>中文 张伟</p>');
    expect(mail!.html_body).toContain('<a href="https://t.example/profile">个人中心</a>');
  });

  test('if/unless/each/with work; an unknown placeholder prints nothing', async () => {
    await call(h, host, 'post', SAVE, {
      token: manager,
      body: {
        ...good,
        bodyEn:
          '<p>Hello {{name}}{{nickname}}!{{#if registrationCode}} Code {{registrationCode}}.{{/if}}{{#unless paid}} Not paid.{{/unless}}{{#with name}} ({{this}}){{/with}}</p>',
      },
    }).expect(200);
    const id = await enqueueConferenceMail(h.db, cid, 'registration', 'en', ['blocks@example.org'], {
      name: 'Ann',
      registrationCode: 'R-7',
    });
    const mail = await h.db('mail_outbox').where({ id }).first();
    expect(mail!.html_body).toContain('<p>Hello Ann! Code R-7. Not paid. (Ann)</p>');
    expect(mail!.text_body).toBe('Hello Ann! Code R-7. Not paid. (Ann)');
  });

  test('a stored template that no longer compiles sends the built-in text (saved before the check)', async () => {
    await h
      .db('mail_templates')
      .where({ conference_id: cid, kind: 'registration' })
      .update({ subject_en: 'Old {{#if}}', body_en: '<p>{{> gone}}</p>' });
    const id = await enqueueConferenceMail(h.db, cid, 'registration', 'en', ['old@example.org'], {
      conferenceName: 'ICC',
      name: 'Bo',
      registrationCode: 'R-9',
    });
    const mail = await h.db('mail_outbox').where({ id }).first();
    expect(mail!.subject).toBe('[ICC] Registration confirmed');
    expect(mail!.html_body).toContain('Your registration number is <strong>R-9</strong>');
    expect(mail!.status).toBe('queued');
    await h.db('mail_templates').where({ conference_id: cid, kind: 'registration' }).delete();
  });
});

describe('filling values', () => {
  test('a value with <b> is escaped in the body and not in the subject (plain text)', () => {
    const mail = render(
      { subjectZh: '', subjectEn: 'Hi {{name}} & co', bodyZh: '', bodyEn: '<p>Hi {{name}}</p>' },
      'en',
      { name: '<b>Ann</b> "A" & B' },
    );
    expect(mail.subject).toBe('Hi <b>Ann</b> "A" & B & co');
    expect(mail.html).toContain('<p>Hi &lt;b&gt;Ann&lt;/b&gt; &quot;A&quot; &amp; B</p>');
    expect(mail.html).not.toContain('<b>Ann');
    expect(mail.text).toBe('Hi <b>Ann</b> "A" & B');
  });

  test('the same placeholders as before: spaces inside braces, every default template', () => {
    expect(fillTemplate('{{ name }}/{{name}}', { name: 'x' }, true)).toBe('x/x');
    const vars = {
      conferenceName: 'ICC',
      name: 'N',
      registrationCode: 'R-1',
      registrationTime: 'T',
      profileUrl: 'https://p.example/u',
      siteUrl: 'https://s.example',
    };
    const mail = render(DEFAULT_TEMPLATES.registration, 'en', vars);
    expect(mail.subject).toBe('[ICC] Registration confirmed');
    expect(mail.html).not.toContain('{{');
    for (const text of Object.values(DEFAULT_TEMPLATES))
      for (const lang of ['zh', 'en'] as const) expect(render(text, lang, {}).html).not.toContain('{{');
  });

  test('no prototype access: constructor and __proto__ print nothing', () => {
    expect(fillTemplate('[{{constructor}}][{{__proto__}}][{{name.constructor.name}}]', { name: 'x' }, true)).toBe(
      '[][][]',
    );
  });

  test('the compile cache keeps at most 500 templates', () => {
    for (let i = 0; i < COMPILE_CACHE_SIZE + 100; i++)
      expect(fillTemplate(`n${i} {{name}}`, { name: 'v' }, true)).toBe(`n${i} v`);
    expect(compileCacheSize()).toBe(COMPILE_CACHE_SIZE);
  });
});

describe('the plain-text part', () => {
  test('a link keeps its address, once when it is the label; long lines are not wrapped; Chinese as written', () => {
    const long = `https://example.org/profile/${'x'.repeat(150)}?a=1&b=2`;
    const text = plainTextOf(
      `<p>请在<a href="${long.replace(/&/g, '&amp;')}">个人中心</a>查看。</p><p><a href="https://s.example">https://s.example</a><br>第二行 &amp; more</p>`,
    );
    expect(text).toBe(`请在个人中心 (${long})查看。\n\nhttps://s.example\n第二行 & more`);
  });

  test('the mail written to the outbox carries it', async () => {
    const id = await enqueueConferenceMail(h.db, cid, 'registration', 'en', ['text@example.org'], {
      conferenceName: 'ICC',
      name: 'Cy',
      registrationCode: 'R-2',
      profileUrl: 'https://t.example/profile/userInfo',
      siteUrl: 'https://t.example',
    });
    const mail = await h.db('mail_outbox').where({ id }).first();
    expect(mail!.text_body).toContain('personal centre (https://t.example/profile/userInfo)');
    expect(mail!.text_body).toContain('Your registration number is R-2');
    expect(mail!.text_body).not.toMatch(/<|&amp;/);
  });
});
