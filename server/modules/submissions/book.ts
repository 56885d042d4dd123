/**
 * The book of abstracts as the managers get it: gathered from the tables into the generator's
 * input (./book/types.ts), built by the pure generator (./book/index.ts) in the platform's pool of
 * warm workers (the 'submissions.book' task of ./tasks.ts), and kept per conference and language
 * with the settings' `book_version` it was built from. Any change the book prints raises that
 * version (configRepo.bumpBook), so a kept book knows it is stale.
 *
 * A stale book is rebuilt on demand, not in the background (issue 30): the "(All)" download or the
 * Rebuild button asks for the 'submissions.book' work (./work.ts), which the work runner bounds
 * per conference and in total, shows with progress, and keeps by the same `book_version`. The
 * 10-second rebuild job it replaces rebuilt every changed book of every conference, a busy
 * conference's several times a minute during its deadline, whether anyone wanted it or not. The
 * `submission_books` row stays the book's record: the panel shows its pages and moves from it, and
 * a fresh one is sent at once without asking the runner.
 */
import type { Db } from '../../db/index';
import { parseJson, toDbInstant } from '../../db/dialect';
import type { BookState } from '../../contract/submissions';
import type { Lang } from '../../contract/enums';
import { textIn, zhOrEn } from '../../contract/bilingual';
import type { Progress } from '../../platform/work/types';
import type { FileStore } from '../../platform/files';
import type { BookAbstract, BookInput, BookMove } from './book/types';
import type { MailSites } from '../mail/index';
import { presentLayout } from './present';
import * as repo from './repo';
import * as bookRepo from './bookRepo';
import * as configRepo from './configRepo';

/** A conference's folder in the book store. */
const scopeOf = (conferenceId: number) => `c${conferenceId}`;
import type { BookTaskOutput } from './tasks';

/** Runs a CPU task in the pool: the work's own `ctx.compute`, or `deps.work.compute` for the conference within a request. */
export type Compute = <O>(task: string, input: unknown, progress?: Progress) => Promise<O>;

/** The book as built: the PDF with its page count and the abstracts that had to move. */
export type BuiltBook = { pdf: Buffer; pages: number; moves: BookMove[] };

/** The pool's answer as a Buffer over the same bytes (structured clone hands a Uint8Array back). */
export const bufferOf = (b: Uint8Array): Buffer => Buffer.from(b.buffer, b.byteOffset, b.byteLength);

const hasCjk = (s: string) => /[\u3400-\u9fff]/.test(s);

/** A name as printed: 张三 (surname first, no space) for Chinese names, "San Zhang" otherwise. */
export function printedName(a: { name: string; surname: string }): string {
  return hasCjk(a.name + a.surname) ? `${a.surname}${a.name}` : `${a.name} ${a.surname}`.trim();
}

export class BookService {
  constructor(
    private readonly db: Db,
    private readonly sites: MailSites,
    /** where the built books are kept: DATA_DIR/books, or the bucket's books/ prefix */
    private readonly store: FileStore,
  ) {}

  /** The generator's input for these manuscripts (all the book prints when `rows` is absent). */
  async input(
    conferenceId: number,
    lang: Lang,
    rows?: repo.SubmissionRow[],
  ): Promise<{ input: BookInput; version: number }> {
    const settings = await configRepo.findSettings(this.db, conferenceId);
    const printed = rows ?? (await bookRepo.forBook(this.db, conferenceId, presentLayout(settings).statuses));
    const [sessions, authors, site] = await Promise.all([
      configRepo.listSessions(this.db, conferenceId),
      repo.authorsOf(
        this.db,
        conferenceId,
        printed.map((r) => r.id),
      ),
      this.sites.mailSite(conferenceId),
    ]);
    const abstracts: BookAbstract[] = printed.map((r) => ({
      id: r.id,
      number: r.number,
      title: r.title,
      sessionId: r.session_id,
      authors: (authors.get(r.id) ?? []).map((a) => ({
        name: printedName(a),
        affiliation: a.company,
        corresponding: Boolean(a.corresponding),
      })),
      abstract: r.abstract,
      keywords: r.keywords,
    }));
    return {
      input: {
        title: site ? textIn(site.name, lang) : '',
        lang,
        layout: presentLayout(settings),
        sessions: sessions
          .filter((s) => s.parent_id == null)
          .map((s) => ({ id: s.id, title: zhOrEn(s.title_zh, s.title_en, lang), sort: Number(s.sort) })),
        abstracts,
      },
      version: Number(settings?.book_version ?? 0),
    };
  }

  async state(conferenceId: number, lang: Lang): Promise<BookState> {
    const [row, settings] = await Promise.all([
      bookRepo.findBook(this.db, conferenceId, lang),
      configRepo.findSettings(this.db, conferenceId),
    ]);
    if (!row) return { state: 'none', stale: false, builtAt: '', pages: 0, bytes: 0, lang, moves: [] };
    const pdfBytes = row.state === 'ready' ? await this.size(conferenceId, lang) : 0;
    return {
      state: row.state === 'ready' || row.state === 'failed' || row.state === 'building' ? row.state : 'none',
      stale: Number(row.version) < Number(settings?.book_version ?? 0),
      builtAt: row.built_at?.toISOString() ?? '',
      pages: Number(row.pages),
      bytes: pdfBytes,
      lang,
      moves: parseJson<BookMove[]>(row.moves, []),
    };
  }

  private async size(conferenceId: number, lang: Lang): Promise<number> {
    const row = await bookRepo.findBook(this.db, conferenceId, lang);
    return row?.stored_name ? Number(row.pdf_bytes) : 0;
  }

  /** The version the book is at now: a kept book (or kept work) built from another one is stale. */
  async version(conferenceId: number): Promise<number> {
    return Number((await configRepo.findSettings(this.db, conferenceId))?.book_version ?? 0);
  }

  /** How many manuscripts the whole book prints (whether it is small enough to build within a request). */
  async printedCount(conferenceId: number): Promise<number> {
    return bookRepo.countForBook(
      this.db,
      conferenceId,
      presentLayout(await configRepo.findSettings(this.db, conferenceId)).statuses,
    );
  }

  /** The manuscripts the whole book prints, for the Word and HTML books of "(All)": one rule for every format. */
  async printed(conferenceId: number): Promise<repo.SubmissionRow[]> {
    return bookRepo.forBook(
      this.db,
      conferenceId,
      presentLayout(await configRepo.findSettings(this.db, conferenceId)).statuses,
    );
  }

  /** The kept whole book when it is built from the current version, else null. */
  async fresh(conferenceId: number, lang: Lang): Promise<Buffer | null> {
    const [row, version] = await Promise.all([
      bookRepo.findBook(this.db, conferenceId, lang),
      this.version(conferenceId),
    ]);
    if (row?.state !== 'ready' || Number(row.version) < version || !row.stored_name) return null;
    return this.store.read(scopeOf(conferenceId), row.stored_name);
  }

  /**
   * The panel shows the book as being built from when its work is asked for (marked before the
   * asking, so a quick build's 'ready' is never overwritten) until the work ends it, ready or
   * failed. Answers how to undo the mark when the asking comes back without a build under way.
   */
  async markBuilding(conferenceId: number, lang: Lang): Promise<() => Promise<void>> {
    const found = await bookRepo.findBook(this.db, conferenceId, lang);
    await bookRepo.saveBook(this.db, conferenceId, lang, {
      state: 'building',
      version: found ? Number(found.version) : -1,
    });
    return async () => {
      await bookRepo.saveBook(
        this.db,
        conferenceId,
        lang,
        found ? { state: found.state } : { state: 'none', version: -1 },
      );
    };
  }

  /** Builds the whole book in the pool and keeps it with the version its input was read at. */
  async build(conferenceId: number, lang: Lang, compute: Compute, progress?: Progress): Promise<BuiltBook> {
    let version = await this.version(conferenceId);
    try {
      const read = await this.input(conferenceId, lang);
      version = read.version;
      const input = read.input;
      const out = await compute<BookTaskOutput>('submissions.book', input, progress);
      const pdf = bufferOf(out.pdf);
      // The PDF in the store (any instance serves it, a bucket may hold it); the row names it.
      const previous = (await bookRepo.findBook(this.db, conferenceId, lang))?.stored_name ?? null;
      const stored = await this.store.put(scopeOf(conferenceId), pdf, 'pdf');
      await bookRepo.saveBook(this.db, conferenceId, lang, {
        state: 'ready',
        version,
        pages: out.pages,
        moves: JSON.stringify(out.moves),
        built_at: toDbInstant(),
        stored_name: stored,
        pdf_bytes: pdf.length,
      });
      if (previous && previous !== stored)
        await this.store.remove(scopeOf(conferenceId), previous).catch(() => undefined);
      return { pdf, pages: out.pages, moves: out.moves };
    } catch (err) {
      await bookRepo.saveBook(this.db, conferenceId, lang, { state: 'failed', version });
      throw err;
    }
  }
}
