/**
 * The documents feature's CPU tasks, run in the pool of worker threads (issue 30): a PDF of a
 * document type for many people (badges for a selection, letters) or for one, and a payment
 * receipt. Plain data in and out: the service reads the template, the people and the background
 * image on the main side, and the worker only draws. Nothing here may import the database or the
 * app (the worker loads this file alone); pdf/kit.ts reads its fonts from the font package.
 */
import type {
  DocumentConference,
  DocumentLayout,
  DocumentPerson,
  DocumentType,
  ReceiptDocument,
} from '../../contract/documents';
import type { Lang } from '../../contract/enums';
import type { ComputeTask, Progress } from '../../platform/work/types';
import { renderReceiptPdf } from './pdf/receipt';
import { renderDocument, type RenderTemplate } from './pdf/render';

/** A custom template as it crosses the thread: its layout and its background's bytes. */
export type CustomTemplate = { layout: DocumentLayout; background: Uint8Array | null } | null;

/** A document of one type for people, in their order. */
export type RenderInput = {
  type: DocumentType;
  custom: CustomTemplate;
  conference: DocumentConference;
  people: DocumentPerson[];
  lang: Lang;
  today: string;
};

export type ReceiptInput = {
  custom: CustomTemplate;
  conference: DocumentConference;
  receipt: ReceiptDocument;
  lang: Lang;
};

/** pdfkit takes a Buffer for image data; a Uint8Array (what a Buffer becomes across threads) would be read as a path. */
function templateOf(custom: CustomTemplate): RenderTemplate {
  if (!custom) return { custom: null };
  const bg = custom.background;
  return {
    custom: { layout: custom.layout, background: bg ? Buffer.from(bg.buffer, bg.byteOffset, bg.byteLength) : null },
  };
}

/** Told a hundred times at most (and at the end), whatever the number of people: enough for a progress bar. */
function everyFew(progress: Progress): (done: number, total: number) => void {
  return (done, total) => {
    const step = Math.max(1, Math.ceil(total / 100));
    if (done === total || done % step === 0) progress(done, total, 'work:stage.rendering');
  };
}

export const renderPeople: ComputeTask<RenderInput, Uint8Array> = async (input, progress) =>
  renderDocument(
    input.type,
    templateOf(input.custom),
    input.conference,
    input.people,
    input.lang,
    input.today,
    everyFew(progress),
  );

export const renderReceipt: ComputeTask<ReceiptInput, Uint8Array> = async (input) =>
  renderReceiptPdf(templateOf(input.custom), input.conference, input.receipt, input.lang);

export const tasks = {
  'documents.render': renderPeople,
  'documents.receipt': renderReceipt,
} satisfies Record<string, ComputeTask<never, unknown>>;
