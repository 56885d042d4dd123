/** Reading downloads back in tests: a POST whose answer is bytes, and the names and entries of a zip. */
import type { RequestListener } from 'node:http';
import request from 'supertest';
import yauzl from 'yauzl';

/** POSTs `body` as a signed-in person of `host` and keeps the answer as bytes (a file, not JSON). */
export function postForBytes(app: RequestListener, host: string, path: string, body: object, token: string) {
  return request(app)
    .post(`/api${path}`)
    .set('Host', host)
    .set('Origin', `http://${host}`)
    .set('Cookie', `token=${token}`)
    .send(body)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
}

export function zipNames(bytes: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const names: string[] = [];
      zip.on('entry', (e: { fileName: string }) => {
        names.push(e.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names.sort()));
      zip.readEntry();
    });
  });
}

export function zipEntry(bytes: Buffer, name: string): Promise<string> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      zip.on('entry', (e: yauzl.Entry) => {
        if (e.fileName !== name) return zip.readEntry();
        zip.openReadStream(e, (error, stream) => {
          if (error || !stream) return reject(error);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        });
      });
      zip.on('end', () => reject(new Error(`${name} not in the archive`)));
      zip.readEntry();
    });
  });
}
