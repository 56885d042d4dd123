/** Downloads: one Content-Disposition for every file, which gives back the name as written. */
import { describe, expect, test } from 'vitest';
import express from 'express';
import request from 'supertest';
import { parse } from 'content-disposition';
import { sendAttachment } from '../../../server/platform/download';

function appSending(fileName: string) {
  const app = express();
  app.get('/file', (_req, res) => sendAttachment(res, fileName, 'application/pdf', Buffer.from('%PDF-1.4')));
  return app;
}

describe('sendAttachment', () => {
  test.each([
    ['报名表 2027.xlsx'],
    ['say "hi".pdf'],
    ['邀请函 "张伟".pdf'],
    ['café; a=b, c.pdf'],
    ['100% %41 done.txt'],
  ])('%s: the header parses back to the name, with an ASCII fallback beside it', async (name) => {
    const res = await request(appSending(name)).get('/file');
    expect(res.status).toBe(200);
    const header = res.headers['content-disposition'];
    // Only printable ASCII in the header itself: a raw UTF-8 or Latin-1 byte breaks some clients.
    expect(header).toMatch(/^[\x20-\x7e]+$/);
    expect(header).toMatch(/^attachment; filename="/);
    // parse prefers filename* (decoded) to the fallback, as browsers do.
    expect(parse(header)).toEqual({ type: 'attachment', parameters: { filename: name } });
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  test('a plain ASCII name needs no filename*', async () => {
    const res = await request(appSending('badge.pdf')).get('/file');
    expect(res.headers['content-disposition']).toBe('attachment; filename="badge.pdf"');
  });

  test('a path is cut to its last segment; an empty name still names a file', async () => {
    expect(
      parse((await request(appSending('../../etc/passwd')).get('/file')).headers['content-disposition']).parameters
        .filename,
    ).toBe('passwd');
    expect(
      parse((await request(appSending('C:\\Users\\张伟\\简历.pdf')).get('/file')).headers['content-disposition'])
        .parameters.filename,
    ).toBe('简历.pdf');
    expect(
      parse((await request(appSending('  ')).get('/file')).headers['content-disposition']).parameters.filename,
    ).toBe('download');
  });
});
