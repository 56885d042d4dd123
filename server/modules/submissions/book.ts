/**
 * The book of abstracts as the managers get it: gathered from the tables into the generator's
 * input (./book/types.ts), built by the pure generator (./book/index.ts), and cached per
 * conference and language with the settings' `book_version` it was built from. Any change the
 * book prints raises that version (repo.bumpBook), so a cached book knows it is stale; the
 * rebuild job (./jobs.ts) builds stale books in the background, and a download builds at once
 * only when the conference is small enough to answer within a request.
 */
import type { Db } from '../../db/index';
import { fromDbInstant, parseJson, toDbInstant } from '../../db/dialect';
import type { BookState } from '../../contract/submissions';
import type { Lang } from '../../contract/enums';
import { AppError } from '../../platform/errors';
import { text } from '../../platform/site';
import type { BookAbstract, BookInput, BookMove } from './book/types';
import type { MailSites } from './mails';
import { presentLayout } from './present';
import * as repo from './repo';
import { buildBookOffThread } from './book/thread';

/** Up to this many abstracts a download builds the PDF within the request (about a second per 500 here). */
export const SYNC_BOOK_LIMIT = 1000;

const hasCjk = (s: string) => /[\u3400-\u9fff]/.test(s);

/** A name as printed: 张三 (surname first, no space) for Chinese names, "San Zhang" otherwise. */
export function printedName(a: { name: string; surname: string }): string {
  return hasCjk(a.name + a.surname) ? `${a.surname}${a.name}` : `${a.name} ${a.surname}`.trim();
}

export class BookService {
  constructor(
    private readonly db: Db,
    private readonly sites: MailSites,
  ) {}

  /** The generator's input for these manuscripts (all the book prints when `rows` is absent). */
  async input(conferenceId: number, lang: Lang, rows?: repo.SubmissionRow[]): Promise<{ input: BookInput; version: number }> {
    const settings = await repo.findSettings(this.db, conferenceId);
    const printed = rows ?? (await repo.forBook(this.db, conferenceId));
    const [sessions, authors, site] = await Promise.all([
      repo.listSessions(this.db, conferenceId),
      repo.authorsOf(this.db, conferenceId, printed.map((r) => Number(r.id))),
      this.sites.mailSite(conferenceId),
    ]);
    const pick = (zh: string, en: string) => (lang === 'zh' ? zh || en : en || zh);
    const abstracts: BookAbstract[] = printed.map((r) => ({
      id: Number(r.id), number: r.number, title: r.title, sessionId: Number(r.session_id),
      authors: (authors.get(Number(r.id)) ?? []).map((a) => ({ name: printedName(a), affiliation: a.company, corresponding: Boolean(a.corresponding) })),
      abstract: r.abstract, keywords: r.keywords,
    }));
    return {
      input: {
        title: site ? text(site.name, lang) : '',
        lang,
        layout: presentLayout(settings),
        sessions: sessions.filter((s) => s.parent_id == null).map((s) => ({ id: Number(s.id), title: pick(s.title_zh, s.title_en), sort: Number(s.sort) })),
        abstracts,
      },
      version: Number(settings?.book_version ?? 0),
    };
  }

  async state(conferenceId: number, lang: Lang): Promise<BookState> {
    const [row, settings] = await Promise.all([repo.findBook(this.db, conferenceId, lang), repo.findSettings(this.db, conferenceId)]);
    if (!row) return { state: 'none', stale: false, builtAt: '', pages: 0, bytes: 0, lang, moves: [] };
    const pdfBytes = row.state === 'ready' ? await this.size(conferenceId, lang) : 0;
    return {
      state: row.state === 'ready' || row.state === 'failed' || row.state === 'building' ? row.state : 'none',
      stale: Number(row.version) < Number(settings?.book_version ?? 0),
      builtAt: fromDbInstant(row.built_at)?.toISOString() ?? '',
      pages: Number(row.pages),
      bytes: pdfBytes,
      lang,
      moves: parseJson<BookMove[]>(row.moves, []),
    };
  }

  private async size(conferenceId: number, lang: Lang): Promise<number> {
    const row = await repo.findBook(this.db, conferenceId, lang, true);
    return row?.pdf ? row.pdf.length : 0;
  }

  /** Queues a rebuild (the job builds it); answers the state. */
  async request(conferenceId: number, lang: Lang): Promise<BookState> {
    const found = await repo.findBook(this.db, conferenceId, lang);
    await repo.saveBook(this.db, conferenceId, lang, { state: 'building', version: found ? Number(found.version) : -1 });
    return this.state(conferenceId, lang);
  }

  /** Builds the whole book now and caches it. */
  async build(conferenceId: number, lang: Lang): Promise<{ pdf: Buffer; moves: BookMove[] }> {
    const { input, version } = await this.input(conferenceId, lang);
    try {
      const result = await buildBookOffThread(input);
      await repo.saveBook(this.db, conferenceId, lang, { state: 'ready', version, pages: result.pages, moves: JSON.stringify(result.moves), built_at: toDbInstant(), pdf: result.pdf });
      return result;
    } catch (err) {
      await repo.saveBook(this.db, conferenceId, lang, { state: 'failed', version });
      throw err;
    }
  }

  /**
   * The whole book for the "(All)" download: the cached one while fresh; built now when the
   * conference is small; otherwise queued, and the manager is told to come back.
   */
  async whole(conferenceId: number, lang: Lang): Promise<Buffer> {
    const [row, settings] = await Promise.all([repo.findBook(this.db, conferenceId, lang, true), repo.findSettings(this.db, conferenceId)]);
    if (row?.state === 'ready' && row.pdf && Number(row.version) >= Number(settings?.book_version ?? 0)) return Buffer.from(row.pdf);
    if ((await repo.forBook(this.db, conferenceId)).length <= SYNC_BOOK_LIMIT) return (await this.build(conferenceId, lang)).pdf;
    await this.request(conferenceId, lang);
    throw new AppError(409, 'submissions:bookBuilding');
  }

  /** The job's work: rebuild every book that is stale or queued, a few per run. */
  async rebuildStale(limit = 5): Promise<number> {
    const stale = await repo.staleBooks(this.db, limit);
    for (const b of stale) await this.build(Number(b.conference_id), b.lang === 'en' ? 'en' : 'zh').catch(() => undefined);
    return stale.length;
  }
}
