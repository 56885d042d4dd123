/**
 * The author's form as the call takes it: the input checked against the call's modes and this
 * conference's choices, and the uploads it names claimed (kept, taken from the person's
 * temporary uploads, or dropped) in the transaction that saves the manuscript.
 */
import type { Db, Tx } from '../../db/index';
import { formProblem, type SubmissionInput, type SubmissionSettings } from '../../contract/submissions';
import { AppError } from '../../platform/errors';
import { keptFilesNamed, temporaryFilesNamed, deleteFiles, type FileInfo, type FilesService } from '../files/index';
import type { Choosing } from './choices';
import { checkFile, type Slot } from './files';
import type { SubmissionRow } from './repo';

/** The form against the call's modes and this conference's choices; hidden fields are emptied, not trusted. */
export async function checkedInput(
  choosing: Choosing,
  conferenceId: number,
  s: SubmissionSettings,
  input: SubmissionInput,
): Promise<SubmissionInput> {
  const v: SubmissionInput = {
    ...input,
    reportTypeId: s.reportType === 'hide' ? null : input.reportTypeId,
    categoryId: s.category === 'hide' ? null : input.categoryId,
    abstract: s.abstractMode === 'hide' ? '' : input.abstract.trim(),
    keywords: s.keywords === 'hide' ? '' : input.keywords,
    abstractFile: s.abstractFile.mode === 'hide' ? '' : input.abstractFile,
    fullTextFile: s.fullText.mode === 'hide' ? '' : input.fullTextFile,
    authors: input.authors.map((a) =>
      s.authorInfo === 'hide' ? { ...a, email: '', phone: '', country: '', company: '' } : a,
    ),
    conflicts: distinctConflicts(input.conflicts),
  };
  if (!v.authors.some((a) => a.corresponding)) v.authors[0] = { ...v.authors[0], corresponding: true };
  const tree = await choosing.tree(conferenceId);
  const session = tree.find((t) => t.id === v.sessionId);
  if (!session) throw new AppError(400, 'submissions:sessionInvalid', { field: 'sessionId' });
  const problem = formProblem(v, s, (sid) => tree.find((t) => t.id === sid)?.children.map((c) => c.id) ?? []);
  if (problem)
    throw new AppError(400, problem[1], {
      field: problem[0],
      params: problem[1] === 'submissions:abstractTooLong' ? { max: String(s.abstractMaxChars) } : undefined,
    });
  const terms = await choosing.terms(conferenceId);
  if (v.reportTypeId != null && !terms.some((t) => t.kind === 'reportType' && t.id === v.reportTypeId))
    throw new AppError(400, 'submissions:reportTypeInvalid', { field: 'reportTypeId' });
  if (v.categoryId != null && !terms.some((t) => t.kind === 'category' && t.id === v.categoryId))
    throw new AppError(400, 'submissions:categoryInvalid', { field: 'categoryId' });
  return v;
}

/**
 * The uploads the form names: a manuscript's current file is kept as it is; any other must be a
 * temporary upload of this person, of this conference, that the slot's rule takes.
 */
export async function claimableFiles(
  db: Db,
  conferenceId: number,
  s: SubmissionSettings,
  userId: number,
  v: SubmissionInput,
  current: SubmissionRow | null,
): Promise<Claims> {
  const wanted: Array<[Slot, string]> = [
    ['abstractFile', v.abstractFile],
    ['fullTextFile', v.fullTextFile],
  ];
  const keep = new Set([current?.abstract_file, current?.full_text_file].filter(Boolean) as string[]);
  const fresh = wanted.filter(([, name]) => name && !keep.has(name));
  const rows = await temporaryFilesNamed(
    db,
    conferenceId,
    fresh.map(([, name]) => name),
  );
  const claim: Array<{ slot: Slot; file: FileInfo }> = [];
  for (const [slot, name] of fresh) {
    const file = rows.find((r) => r.storedName === name);
    if (!file || file.createdBy !== userId || file.kind !== 'manuscript')
      throw new AppError(400, 'submissions:fileMissing', { field: slot });
    checkFile(slot === 'abstractFile' ? s.abstractFile : s.fullText, slot, file);
    claim.push({ slot, file });
  }
  const names = new Set(wanted.map(([, n]) => n));
  const dropped = current
    ? await keptFilesNamed(
        db,
        conferenceId,
        [...keep].filter((n) => !names.has(n)),
      )
    : [];
  return { claim, dropped };
}

/** Claims the new uploads and deletes the replaced ones' rows; one swept or claimed meanwhile refuses the whole save. */
export async function claimFiles(tx: Tx, files: FilesService, conferenceId: number, claims: Claims): Promise<void> {
  const claimed = new Set(
    await files.claimTemporary(
      tx,
      conferenceId,
      claims.claim.map((c) => c.file.id),
    ),
  );
  const lost = claims.claim.find((c) => !claimed.has(c.file.id));
  if (lost) throw new AppError(400, 'submissions:fileMissing', { field: lost.slot });
  await deleteFiles(
    tx,
    conferenceId,
    claims.dropped.map((f) => f.id),
  );
}

export type Claims = { claim: Array<{ slot: Slot; file: FileInfo }>; dropped: FileInfo[] };

export function columnsOf(v: SubmissionInput) {
  return {
    title: v.title,
    session_id: v.sessionId,
    sub_session_id: v.subSessionId,
    report_type_id: v.reportTypeId,
    category_id: v.categoryId,
    abstract: v.abstract,
    keywords: v.keywords,
    abstract_file: v.abstractFile,
    full_text_file: v.fullTextFile,
  };
}

/** The same person or institution typed twice counts once (compared without case). */
function distinctConflicts(list: SubmissionInput['conflicts']): SubmissionInput['conflicts'] {
  const seen = new Set<string>();
  return list.filter((c) => {
    const key = `${c.email.toLowerCase()}|${c.organisation.toLowerCase()}`;
    return !seen.has(key) && Boolean(seen.add(key));
  });
}

export function authorColumns(v: SubmissionInput) {
  return v.authors.map((a) => ({
    name: a.name,
    surname: a.surname,
    email: a.email,
    phone: a.phone,
    country: a.country,
    company: a.company,
    corresponding: a.corresponding,
  }));
}
