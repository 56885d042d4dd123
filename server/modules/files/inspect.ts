/**
 * The stream-side pieces of the upload check (FilesService.storeStream): what `check()` decides from
 * a whole Buffer, decided here while the bytes pass, so no upload is ever whole in memory.
 * - the sniffed type needs the first HEAD_BYTES bytes only (platform/sniff.ts: every signature
 *   ends within them), read before anything is stored and put back on the stream;
 * - "text" needs every byte (UTF-8 that decodes, no NUL): checked chunk by chunk on the way to the
 *   store, with the same decoder in streaming mode, so the rule stays exactly the same.
 */
import { Transform, type Readable } from 'node:stream';
import { finished } from 'node:stream/promises';

/** The bytes sniff() looks at: its longest signature (RIFF....WEBP) ends at 12. */
export const HEAD_BYTES = 12;

/**
 * The first `n` bytes of `source` (fewer when it is shorter), put back so the stream still yields
 * every byte; `ended` when that was the whole stream (then `source` is spent: use the head).
 */
export function readHead(source: Readable, n = HEAD_BYTES): Promise<{ head: Buffer; ended: boolean }> {
  return new Promise((resolve, reject) => {
    if (source.destroyed) return reject(source.errored ?? new Error('upload closed before its end'));
    const chunks: Buffer[] = [];
    let have = 0;
    const settle = (err: Error | null, ended: boolean) => {
      source.off('readable', onReadable);
      source.off('end', onEnd);
      source.off('error', onError);
      source.off('close', onClose);
      if (err) return reject(err);
      const head = Buffer.concat(chunks);
      if (!ended && head.length) source.unshift(head);
      resolve({ head, ended });
    };
    const onReadable = () => {
      let chunk: Buffer | null;
      while (have < n && (chunk = source.read() as Buffer | null) !== null) {
        chunks.push(chunk);
        have += chunk.length;
      }
      if (have >= n) settle(null, false);
    };
    const onEnd = () => settle(null, true);
    const onError = (err: Error) => settle(err, false);
    // Destroyed without an error (a client that left): nothing more will come.
    const onClose = () => settle(new Error('upload closed before its end'), false);
    source.on('readable', onReadable);
    source.once('end', onEnd);
    source.once('error', onError);
    source.once('close', onClose);
  });
}

/**
 * Passes the bytes through, failing with `refusal` at the first that is not UTF-8 text without NUL
 * (platform/sniff.ts isUtf8Text, decided over the whole stream). `refused` tells its failure from others.
 */
export function textCheck(refusal: () => Error): Transform & { refused: boolean } {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const check = new Transform({
    transform(chunk: Buffer, _enc, done) {
      try {
        if (chunk.includes(0)) throw new Error('NUL');
        decoder.decode(chunk, { stream: true });
      } catch {
        check.refused = true;
        return done(refusal());
      }
      done(null, chunk);
    },
    flush(done) {
      try {
        // A sequence cut at the end is not text either.
        decoder.decode();
      } catch {
        check.refused = true;
        return done(refusal());
      }
      done();
    },
  }) as Transform & { refused: boolean };
  check.refused = false;
  return check;
}

/** Counts every byte `source` emits from now on, whoever reads them. */
export function byteCount(source: Readable): { readonly bytes: number } {
  const count = { bytes: 0 };
  source.on('data', (chunk: Buffer) => {
    count.bytes += chunk.length;
  });
  return count;
}

/** Reads what is left of `source` and drops it (its bytes are counted by byteCount); never throws. */
export async function drain(source: Readable): Promise<void> {
  if (source.destroyed || source.readableEnded) return;
  source.resume();
  await finished(source).catch(() => undefined);
}
