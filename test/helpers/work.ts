/**
 * Following heavy work in tests (contract/work.ts): a request answered 202 `{ work }` is polled
 * until its work is done or failed, as the browser does, with the visitor's Host and cookies.
 */
import type { Test } from 'supertest';
import ExcelJS from 'exceljs';
import type { RequestListener } from '../../server/app';
import type { WorkView } from '../../server/contract/work';
import { visit, type Visit } from './http';

/** Polls GET /api/work/:id until the work ends; answers its last view. */
export async function finishWork(
  app: RequestListener,
  v: Visit,
  started: { work: WorkView } | WorkView,
  timeoutMs = 60_000,
): Promise<WorkView> {
  const first = 'work' in started ? started.work : started;
  const until = Date.now() + timeoutMs;
  let view = first;
  while (view.state === 'queued' || view.state === 'running') {
    if (Date.now() > until)
      throw new Error(
        `work ${first.id} (${first.kind}) still ${view.state} after ${timeoutMs} ms: ${view.done}/${view.total} ${view.stage}`,
      );
    await new Promise((r) => setTimeout(r, 50));
    const res = await visit(app, `/api/work/${first.id}`, v);
    if (res.status !== 200) throw new Error(`GET /api/work/${first.id}: ${res.status} ${JSON.stringify(res.body)}`);
    view = res.body.data as WorkView;
  }
  return view;
}

/** A request whose answer's body is read as bytes, whatever its type (a file download). */
export function bytesOf(req: Test): Test {
  return req.buffer(true).parse((r, cb) => {
    const chunks: Buffer[] = [];
    r.on('data', (c: Buffer) => chunks.push(c));
    r.on('end', () => cb(null, Buffer.concat(chunks)));
  });
}

/** The answer to GET /api/work/:id/file, its body as bytes. */
export async function workFile(app: RequestListener, v: Visit, work: WorkView) {
  return bytesOf(visit(app, `/api/work/${work.id}/file`, v));
}

/** The first sheet of an exported workbook, read back. */
export async function firstSheet(body: Buffer): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as never);
  return book.worksheets[0];
}
