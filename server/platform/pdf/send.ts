/**
 * Sending a PDF as a download. Apart from ./document.ts so that the routes that send PDFs built in
 * the worker threads never load pdfkit and the fonts on the main thread.
 */
import type { Response } from 'express';
import { sendAttachment } from '../download';
import { SENT, type Sent } from '../route';

export function sendPdf(res: Response, pdf: Buffer, fileName: string): Sent {
  sendAttachment(res, fileName, 'application/pdf', pdf);
  return SENT;
}
