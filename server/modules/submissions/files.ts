/**
 * A manuscript's two files (the abstract file and the full text): the call's rule for each slot
 * (hidden, types, size) checked when uploaded and again when the form names the upload, since
 * the manager may change the rule in between. Files are private uploads of kind 'manuscript',
 * served only through the submissions' download routes.
 */
import type { FileRule, SubmissionSettings } from '../../contract/submissions';
import { AppError } from '../../platform/errors';
import type { FileInfo } from '../files/index';

export type Slot = 'abstractFile' | 'fullTextFile';

export function ruleOf(settings: SubmissionSettings, slot: Slot): FileRule {
  return slot === 'abstractFile' ? settings.abstractFile : settings.fullText;
}

/** The extension of a stored or original name, lower case ('' for none). */
export function extensionOf(name: string): string {
  const m = /\.([A-Za-z0-9]+)$/.exec(name);
  return m ? m[1].toLowerCase() : '';
}

const TYPE_OF_EXTENSION: Record<string, string> = { jpeg: 'jpg' };

/** Refuses a file the slot's rule does not take, with the message naming the types or the size. */
export function checkFile(
  rule: FileRule,
  slot: Slot,
  file: Pick<FileInfo, 'originalName' | 'size' | 'storedName'>,
): void {
  if (rule.mode === 'hide') throw new AppError(400, 'submissions:fileHidden', { field: slot });
  const ext = extensionOf(file.storedName) || extensionOf(file.originalName);
  if (!(rule.types as string[]).includes(TYPE_OF_EXTENSION[ext] ?? ext))
    throw new AppError(400, 'submissions:fileTypeNotAllowed', {
      field: slot,
      params: { types: rule.types.join(', ') },
    });
  if (file.size > rule.maxMb * 1024 * 1024)
    throw new AppError(400, 'submissions:fileTooLarge', { field: slot, params: { max: String(rule.maxMb) } });
}

/** The name a downloaded file gets: the manuscript's number, the slot, and the file's own extension. */
export function downloadName(number: string, slot: Slot, storedName: string): string {
  const ext = extensionOf(storedName);
  return `${number.replace(/[^\w.-]+/g, '_')}-${slot === 'abstractFile' ? 'abstract' : 'fulltext'}${ext ? `.${ext}` : ''}`;
}
