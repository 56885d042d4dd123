/**
 * The choices a manuscript is filed under — sessions with their sub-sessions, report types,
 * categories — read once per request by the form's checks, the author's page and the managers'
 * screens.
 */
import type { Db } from '../../db/index';
import type { Choices, SessionView, TermView } from '../../contract/submissions';
import { presentTerm, sessionTree } from './present';
import * as configRepo from './configRepo';

export class Choosing {
  constructor(private readonly db: Db) {}

  async tree(conferenceId: number): Promise<SessionView[]> {
    return sessionTree(await configRepo.listSessions(this.db, conferenceId));
  }

  async terms(conferenceId: number): Promise<TermView[]> {
    return (await configRepo.listTerms(this.db, conferenceId)).map(presentTerm);
  }

  async choices(conferenceId: number): Promise<Choices> {
    const [sessions, terms] = await Promise.all([this.tree(conferenceId), this.terms(conferenceId)]);
    return {
      sessions,
      reportTypes: terms.filter((t) => t.kind === 'reportType'),
      categories: terms.filter((t) => t.kind === 'category'),
    };
  }
}
