/**
 * Feedback and questions to the organisers (spec 1, 3 "Feedback", 5 "Feedback"): a signed-in
 * person writes with an e-mail verification code and an optional document; every manager of the
 * conference gets it by mail; a manager replies, and the writer reads the reply in the personal
 * centre and by mail. Everything a participant wrote stays text: escaped wherever it is shown.
 */
import type { Readable } from 'node:stream';
import type { Db } from '../../db/index';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../platform/errors';
import type { Lang } from '../../contract/enums';
import type { FeedbackInput, FeedbackView } from '../../contract/feedback';
import { feedbackTypeLabel, type FeedbackType } from '../../contract/siteConfig';

import { type VerificationCodes, roleHolderEmails, languageOfUser } from '../accounts/index';
import { type FilesService, filesByIds, temporaryFilesNamed } from '../files/index';
import {
  enqueueMail,
  STRICT,
  withAdmission,
  type Admission,
  type AdmitPolicy,
  type ConferenceMailGate,
} from '../mail/index';
import { feedbackToManagersMail, replyMail } from './mails';
import * as repo from './repo';

function present(r: repo.Feedback & { stored_name: string | null; original_name: string | null }): FeedbackView {
  return {
    id: r.id,
    title: r.title,
    name: r.name,
    email: r.email,
    phone: r.phone,
    type: r.type,
    content: r.content,
    attachment: r.stored_name ? { name: r.stored_name, originalName: r.original_name ?? r.stored_name } : null,
    reply: r.reply,
    repliedAt: r.replied_at?.toISOString() ?? null,
    createdAt: r.created_at.toISOString(),
  };
}

export class FeedbackService {
  constructor(
    private readonly db: Db,
    private readonly codes: VerificationCodes,
    private readonly files: FilesService,
    /** the mail gate (mail/gate.ts): no mail to managers a draft's creator merely typed in; the budget */
    private readonly gate?: ConferenceMailGate,
  ) {}

  private admit(conferenceId: number, emails: string[], policy: AdmitPolicy): Promise<Admission> {
    return this.gate
      ? this.gate.admit(conferenceId, emails, policy)
      : Promise.resolve({ to: emails, withheld: { count: 0, reason: null }, release: async () => undefined });
  }

  /** The rows with their attachments' names (the uploads are the files module's). */
  private async withAttachments(conferenceId: number, rows: repo.Feedback[]): Promise<FeedbackView[]> {
    const ids = rows.flatMap((r) => (r.attachment_file_id === null ? [] : [r.attachment_file_id]));
    const files = new Map((await filesByIds(this.db, conferenceId, ids)).map((f) => [f.id, f]));
    return rows.map((r) => {
      const file = r.attachment_file_id === null ? undefined : files.get(r.attachment_file_id);
      return present({ ...r, stored_name: file?.storedName ?? null, original_name: file?.originalName ?? null });
    });
  }

  /**
   * `verifiedEmail`: the writer's account address when its ownership is proven (a code, a link,
   * an organisation's login); feedback from that address needs no new code (issue 18).
   */
  async submit(
    conferenceId: number,
    userId: number,
    input: FeedbackInput,
    ctx: { types: FeedbackType[]; lang: Lang; siteName: string; ip: string; verifiedEmail: string | null },
  ): Promise<FeedbackView> {
    // The conference's feedback types, when it has any (spec 3 "feedback types"), named in either
    // language; stored with both names, so every reader can read it.
    const chosen = ctx.types.find((x) => [x.zh, x.en, feedbackTypeLabel(x)].includes(input.type));
    if (ctx.types.length && !chosen) throw new AppError(400, 'feedback:typeRequired', { field: 'type' });
    const type = chosen ? feedbackTypeLabel(chosen) : input.type;
    const ownAddress = ctx.verifiedEmail !== null && input.email.toLowerCase() === ctx.verifiedEmail.toLowerCase();
    if (!ownAddress && !input.verifyCode) throw new AppError(400, 'inputVerifyCode', { field: 'verifyCode' });
    let attachmentId: number | null = null;
    if (input.attachment) {
      // The writer's own unclaimed feedback upload, of this conference.
      const [file] = (await temporaryFilesNamed(this.db, conferenceId, [input.attachment])).filter(
        (f) => f.kind === 'feedback' && f.createdBy === userId,
      );
      if (!file) throw new AppError(400, 'feedback:attachmentMissing', { field: 'attachment' });
      attachmentId = file.id;
    }
    // Checked (and the try counted) before the transaction, which only uses the code up.
    const code = ownAddress
      ? null
      : await this.codes.verify({ email: input.email, purpose: 'feedbackCode', code: input.verifyCode, ip: ctx.ip });
    const managers = await roleHolderEmails(this.db, conferenceId, ['manager', 'creator']);
    // The feedback is kept whatever happens to the mail: managers the gate withholds read it on screen.
    const admitted = await this.admit(conferenceId, managers, { unknown: 'withhold', budget: 'withhold' });
    const id = await withAdmission(admitted, () =>
      inTransaction(this.db, async (tx) => {
        if (code) await this.codes.use(tx, code);
        const newId = await repo.insertFeedback(tx, conferenceId, {
          user_id: userId,
          title: input.title,
          name: input.name,
          email: input.email,
          phone: input.phone,
          type,
          content: input.content,
          attachment_file_id: attachmentId,
        });
        // Claimed with its bytes given back to the upload budget; gone meanwhile (swept), nothing is saved.
        if (attachmentId && !(await this.files.claimTemporary(tx, conferenceId, [attachmentId])).length)
          throw new AppError(400, 'feedback:attachmentMissing', { field: 'attachment' });
        // One message per manager: no manager's address in another's mail.
        const mail = feedbackToManagersMail(ctx.siteName, { ...input, type });
        for (const to of admitted.to) await enqueueMail(tx, { conferenceId, to: [to], ...mail, kind: 'feedback' });
        return newId;
      }),
    );
    return (await this.one(conferenceId, id))!;
  }

  async one(conferenceId: number, id: number, userId?: number): Promise<FeedbackView | null> {
    const row = await repo.feedbackById(this.db, conferenceId, id, userId);
    return row ? (await this.withAttachments(conferenceId, [row]))[0] : null;
  }

  async mine(conferenceId: number, userId: number): Promise<FeedbackView[]> {
    return this.withAttachments(conferenceId, await repo.feedbackOfWriter(this.db, conferenceId, userId));
  }

  async list(
    conferenceId: number,
    q: { page: number; size: number; replied?: boolean },
  ): Promise<{ rows: FeedbackView[]; total: number }> {
    const { rows, total } = await repo.feedbackPage(this.db, conferenceId, q);
    return { rows: await this.withAttachments(conferenceId, rows), total };
  }

  async reply(
    conferenceId: number,
    id: number,
    managerId: number,
    reply: string,
    ctx: { siteName: string; siteUrl: string },
  ): Promise<FeedbackView> {
    const row = await repo.feedbackById(this.db, conferenceId, id);
    if (!row) throw new AppError(404, 'feedback:notFound');
    const lang = await languageOfUser(this.db, row.user_id);
    // A manager's mail: within the day's budget, counted before the transaction.
    await withAdmission(await this.admit(conferenceId, [row.email], STRICT), () =>
      this.db.transaction(async (tx) => {
        await repo.saveReply(tx, conferenceId, id, reply, managerId);
        await enqueueMail(tx, {
          conferenceId,
          to: [row.email],
          ...replyMail(ctx.siteName, row.title, reply, `${ctx.siteUrl}/profile/feedBackDetails?id=${id}`, lang),
          kind: 'feedbackReply',
        });
      }),
    );
    return (await this.one(conferenceId, id))!;
  }

  /** An attachment as its writer or a manager downloads it: opened once allowed (read `body` to its end or destroy it). */
  async attachment(
    conferenceId: number,
    id: number,
    userId?: number,
  ): Promise<{ body: Readable; size: number; name: string; contentType: string } | null> {
    const fb = await this.one(conferenceId, id, userId);
    if (!fb?.attachment) return null;
    const found = await this.files.open(conferenceId, fb.attachment.name);
    return found
      ? { body: found.body, size: found.file.size, name: found.file.originalName, contentType: found.file.contentType }
      : null;
  }
}
