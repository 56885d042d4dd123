/**
 * A conference's own mail against real SMTP servers (smtp-server with a login): the templates, the
 * registration mail, and the delivery log. Settings and delivery: mailConfigSettings.test.ts.
 */
import { describe, expect, test } from 'vitest';
import { contractSite } from '../../../fixtures/contractSite';
import { openRegistration } from '../../../helpers/registration';
import { enqueueMail } from '../../../../server/modules/mail/service';
import { DEFAULT_TEMPLATES, MAIL_KINDS } from '../../../../server/modules/mail/defaultTemplates';
import { enqueueConferenceMail } from '../../../../server/modules/mail/templates';
import { call } from '../../registration/helpers';
import { useMailServers, h, cid, manager, host } from './mailConfigWorld';

useMailServers();

describe('templates', () => {
  test('all eleven have a Chinese and an English default; the list shows every one (each is sent by a feature); values are escaped', async () => {
    for (const kind of MAIL_KINDS)
      for (const key of ['subjectZh', 'subjectEn', 'bodyZh', 'bodyEn'] as const)
        expect(DEFAULT_TEMPLATES[kind][key].length).toBeGreaterThan(5);
    const list = (await call(h, host, 'get', '/conference/platform/config/email/templates', { token: manager })).body
      .data;
    expect(list.map((x: { kind: string }) => x.kind)).toEqual([...MAIL_KINDS]);
    const id = await enqueueConferenceMail(h.db, cid, 'registration', 'en', ['esc@example.org'], {
      name: '<script>x</script>',
      conferenceName: 'A\r\nBcc: evil@example.org',
      registrationCode: 'R-1',
    });
    const row = await h.db('mail_outbox').where({ id }).first();
    expect(row!.html_body).toContain('&lt;script&gt;');
    expect(row!.subject).not.toMatch(/[\r\n]/);
    expect(row!.kind).toBe('registration');
  });

  test('save, preview with sample data, reset; an empty subject is refused', async () => {
    const body = {
      subjectZh: '报名成功 {{registrationCode}}',
      subjectEn: 'Registered {{registrationCode}}',
      bodyZh: '<p>{{name}} 您好</p>',
      bodyEn: '<p>Hello {{name}}</p>',
    };
    const saved = await call(h, host, 'post', '/conference/platform/config/email/templates/registration', {
      token: manager,
      body,
    });
    expect(saved.body.data[0]).toMatchObject({
      kind: 'registration',
      custom: true,
      subjectEn: 'Registered {{registrationCode}}',
    });
    const preview = await call(h, host, 'post', '/conference/platform/config/email/templates/registration/preview', {
      token: manager,
      body: { ...body, lang: 'en' },
    });
    expect(preview.body.data.subject).toBe('Registered ICC27-0001');
    expect(
      (
        await call(h, host, 'post', '/conference/platform/config/email/templates/registration', {
          token: manager,
          body: { ...body, subjectZh: ' ' },
        })
      ).body.message,
    ).toBe('mail:subjectRequired');
    const reset = await call(h, host, 'post', '/conference/platform/config/email/templates/registration/reset', {
      token: manager,
      body: {},
    });
    expect(reset.body.data[0].custom).toBe(false);
  });

  test('a subject with a line break is refused when saved (it would break every registration), nothing saved', async () => {
    const body = { subjectZh: '报名成功', subjectEn: 'Registered', bodyZh: '<p>x</p>', bodyEn: '<p>x</p>' };
    for (const subject of ['Registered\nBcc: victim@example.org', 'Registered\r\nX', 'Line\rbreak']) {
      const res = await call(h, host, 'post', '/conference/platform/config/email/templates/registration', {
        token: manager,
        body: { ...body, subjectEn: subject },
      });
      expect(res.body, JSON.stringify(subject)).toMatchObject({
        code: 400,
        message: 'mail:subjectLineBreak',
        field: 'subjectEn',
      });
      expect(
        (
          await call(h, host, 'post', '/conference/platform/config/email/templates/registration', {
            token: manager,
            body: { ...body, subjectZh: subject },
          })
        ).body.field,
      ).toBe('subjectZh');
    }
    expect(await h.db('mail_templates').where({ conference_id: cid, kind: 'registration' }).first()).toBeUndefined();
    // A subject saved with a break before this rule still sends, on one line.
    await h.db('mail_templates').insert({
      conference_id: cid,
      kind: 'registration',
      subject_zh: '报名\n成功',
      subject_en: 'Regis\r\ntered',
      body_zh: '<p>x</p>',
      body_en: '<p>x</p>',
      updated_at: '2026-01-01 00:00:00.000',
    });
    const id = await enqueueConferenceMail(h.db, cid, 'registration', 'en', ['old-row@example.org'], {});
    expect((await h.db('mail_outbox').where({ id }).first())!.subject).toBe('Regis tered');
    await h.db('mail_templates').where({ conference_id: cid, kind: 'registration' }).delete();
  });

  test('every successful registration sends the registration mail', async () => {
    await openRegistration(h.db, cid, { prefix: 'ML-' });
    const token = await h.login({ email: 'registrant@example.org', conferenceId: cid });
    await call(h, host, 'post', '/conference/conferenceUser', {
      token,
      lang: 'en',
      body: {
        version: 'default',
        answers: { fullName: 'Mail Person', tel: '13800138000', country: 'China', unit: 'ICT' },
      },
    }).expect(200);
    const row = await h
      .db('mail_outbox')
      .where({ conference_id: cid, kind: 'registration', to_address: 'registrant@example.org' })
      .first();
    expect(row!.subject).toContain('Registration confirmed');
    expect(row!.html_body).toContain('ML-0001');
    expect(row!.html_body).toContain('Mail Person');
  });
});

describe('the delivery log', () => {
  test('lists this conference’s mail with codes masked; a failed message can be sent again', async () => {
    const failed = await enqueueMail(h.db, {
      conferenceId: cid,
      to: ['x@example.org'],
      subject: '验证码：123456',
      text: 'x',
    });
    await h
      .db('mail_outbox')
      .where({ id: failed })
      .update({ status: 'failed', attempts: 7, last_error: '550 mailbox unavailable' });
    const other = await h.provision(contractSite({ slug: 'mail2', domains: ['mail2.localhost'] }));
    await enqueueMail(h.db, { conferenceId: other, to: ['y@example.org'], subject: 'other conference', text: 'y' });
    const log = await call(h, host, 'get', '/conference/platform/mail/log?status=failed', { token: manager });
    // A reason stored before errors were classes is not shown as it was: it may be a server's text.
    expect(log.body.data.rows).toEqual([
      expect.objectContaining({ id: failed, subject: '验证码：******', lastError: 'mail:error.unknown', attempts: 7 }),
    ]);
    const all = await call(h, host, 'get', '/conference/platform/mail/log?size=100', { token: manager });
    expect(all.body.data.rows.map((r: { subject: string }) => r.subject)).not.toContain('other conference');
    expect(
      (await call(h, host, 'post', `/conference/platform/mail/log/${failed}/resend`, { token: manager, body: {} })).body
        .code,
    ).toBe(200);
    expect(await h.db('mail_outbox').where({ id: failed }).first()).toMatchObject({ status: 'queued', attempts: 0 });
    expect(
      (await call(h, host, 'post', `/conference/platform/mail/log/${failed}/resend`, { token: manager, body: {} })).body
        .message,
    ).toBe('mail:notFailed');
  });

  test('a message opens with every recipient and its content; a code’s mail is withheld; an activation key is masked; another conference’s is not found', async () => {
    const bulk = await h.db('mail_outbox').insert(
      {
        conference_id: cid,
        to_address: '',
        bcc_address: 'a@example.org, b@example.org',
        subject: 'News',
        text_body: 'Hello',
        html_body: '<p>Hello <b>all</b></p>',
        kind: 'bulk',
        status: 'sent',
        attempts: 1,
        created_at: '2027-01-01 00:00:00.000',
        next_attempt_at: '2027-01-01 00:00:00.000',
      },
      ['id'],
    );
    const bulkId = Number(typeof bulk[0] === 'object' ? (bulk[0] as { id: number }).id : bulk[0]);
    const opened = await call(h, host, 'get', `/conference/platform/mail/log/${bulkId}`, { token: manager });
    expect(opened.body.data).toMatchObject({
      toList: [],
      bccList: ['a@example.org', 'b@example.org'],
      html: '<p>Hello <b>all</b></p>',
      withheld: false,
    });
    const code = await enqueueMail(h.db, {
      conferenceId: cid,
      to: ['c@example.org'],
      subject: '验证码：654321',
      text: '654321',
      html: '<b>654321</b>',
      kind: 'verificationCode',
    });
    const secret = (await call(h, host, 'get', `/conference/platform/mail/log/${code}`, { token: manager })).body.data;
    expect(secret).toMatchObject({ withheld: true, html: null, text: '', subject: '验证码：******' });
    const invite = await enqueueConferenceMail(h.db, cid, 'inviteReviewer', 'en', ['r@example.org'], {
      activationUrl: 'http://x.localhost/review/active/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abc',
      conferenceName: 'C',
      name: 'R',
    });
    const masked = (await call(h, host, 'get', `/conference/platform/mail/log/${invite}`, { token: manager })).body
      .data;
    expect(`${masked.html}${masked.text}`).not.toContain('AbCdEfGh');
    expect(masked.html).toContain('/review/active/******');
    const other = await h.provision(contractSite({ slug: 'mail3', domains: ['mail3.localhost'] }));
    const theirs = await enqueueMail(h.db, {
      conferenceId: other,
      to: ['z@example.org'],
      subject: 'theirs',
      text: 'z',
      kind: 'bulk',
    });
    expect(
      (await call(h, host, 'get', `/conference/platform/mail/log/${theirs}`, { token: manager, lang: 'en' })).body,
    ).toMatchObject({ code: 404, message: 'mail:messageNotFound' });
    expect((await call(h, host, 'get', '/conference/platform/mail/log/abc', { token: manager })).status).toBe(400);
  });
});
