/**
 * Document templates (spec 3 "Document template config") and the documents made from them.
 * Each type is disabled, the system default, or a custom template: an uploaded background image
 * and a field layout. An absent row is the system default.
 */
import type { Db } from '../../db/index';
import { parseJson, toDbInstant } from '../../db/dialect';
import { AppError } from '../../platform/errors';
import {
  BUILT_IN_FIELDS,
  DEFAULT_PAGE,
  DOCUMENT_TYPES,
  layoutSchema,
  RECEIPT_FIELDS,
  type DocumentConference,
  type DocumentLayout,
  type DocumentPerson,
  type DocumentType,
  type EnabledType,
  type ReceiptDocument,
  type TemplateInput,
  type TemplateView,
} from '../../contract/documents';
import type { Lang } from '../../contract/enums';
import { type FilesService, urlOf } from '../files/index';
import type { RegistrationPeople } from '../registration/index';
import * as repo from './repo';
import type { CustomTemplate, ReceiptInput, RenderInput } from './tasks';

/** Runs a CPU task of the pool for a conference (the platform's `work.compute`): PDFs are never drawn on the request's thread. */
export type Compute = <O>(conferenceId: number, task: string, input: unknown) => Promise<O>;

/** The receipt's own fields, for the designer's list (a receipt's name, e-mail and code are its payer's and its number). */
const RECEIPT_LABELS: Record<(typeof RECEIPT_FIELDS)[number], [zh: string, en: string]> = {
  number: ['编号', 'number'],
  amount: ['金额', 'amount'],
  items: ['项目', 'items'],
  paidAt: ['付款日期', 'paid on'],
  orderNo: ['订单号', 'order number'],
  method: ['付款方式', 'payment method'],
};

export function defaultLayout(type: DocumentType): DocumentLayout {
  const page = DEFAULT_PAGE[type];
  const qr = Math.min(30, page.width / 3);
  return {
    page,
    items: [
      {
        field: 'name',
        x: 5,
        y: page.height * 0.35,
        width: page.width - 10,
        size: 22,
        bold: true,
        align: 'center',
        color: '#111827',
      },
      {
        field: 'unit',
        x: 5,
        y: page.height * 0.35 + 12,
        width: page.width - 10,
        size: 10,
        bold: false,
        align: 'center',
        color: '#374151',
      },
      {
        field: 'qr',
        x: (page.width - qr) / 2,
        y: page.height - qr - 12,
        width: qr,
        size: qr,
        bold: false,
        align: 'center',
        color: '#111827',
      },
    ],
  };
}

export class DocumentService {
  constructor(
    private readonly db: Db,
    private readonly files: FilesService,
    private readonly people: RegistrationPeople,
    private readonly compute: Compute,
  ) {}

  async config(conferenceId: number, type: DocumentType): Promise<TemplateView> {
    const row = await repo.templateOf(this.db, conferenceId, type);
    const layout = layoutSchema.safeParse(parseJson(row?.layout, null));
    return {
      type,
      enabledType: row?.enabled_type ?? 'DEFAULT',
      background: row?.background_file ?? null,
      backgroundUrl: row?.background_file ? urlOf(row.background_file) : null,
      layout: layout.success ? layout.data : defaultLayout(type),
    };
  }

  async all(conferenceId: number): Promise<TemplateView[]> {
    return Promise.all(DOCUMENT_TYPES.map((type) => this.config(conferenceId, type)));
  }

  async enabled(conferenceId: number, type: DocumentType): Promise<boolean> {
    return (await this.config(conferenceId, type)).enabledType !== 'DISABLED';
  }

  /** Every type that is not disabled, in one query (the attendee's download page). */
  async enabledTypes(conferenceId: number): Promise<Set<DocumentType>> {
    const rows = await repo.enabledTypesOf(this.db, conferenceId);
    const disabled = new Set(rows.filter((r) => r.enabled_type === 'DISABLED').map((r) => r.type));
    return new Set(DOCUMENT_TYPES.filter((type) => !disabled.has(type)));
  }

  /** A custom template needs its background to be an image this conference uploaded. */
  private async checkBackground(conferenceId: number, input: TemplateInput): Promise<void> {
    if (input.enabledType !== 'CUSTOM') return;
    if (!input.background) throw new AppError(400, 'documents:backgroundRequired', { field: 'background' });
    const found = await this.files.find(conferenceId, input.background);
    if (
      !found ||
      !['banner', 'image'].includes(found.file.kind) ||
      !['image/png', 'image/jpeg'].includes(found.file.contentType)
    )
      throw new AppError(400, 'documents:backgroundRequired', { field: 'background' });
  }

  async save(conferenceId: number, input: TemplateInput): Promise<TemplateView> {
    await this.checkBackground(conferenceId, input);
    await repo.saveTemplate(this.db, conferenceId, input.type, {
      enabled_type: input.enabledType,
      background_file: input.background ?? null,
      layout: input.layout ? JSON.stringify(input.layout) : null,
      updated_at: toDbInstant(),
    });
    return this.config(conferenceId, input.type);
  }

  private async template(
    conferenceId: number,
    view: { enabledType: EnabledType; background: string | null; layout: DocumentLayout },
  ): Promise<CustomTemplate> {
    if (view.enabledType !== 'CUSTOM') return null;
    const found = view.background ? await this.files.find(conferenceId, view.background) : null;
    return { layout: view.layout, background: found?.bytes ?? null };
  }

  /**
   * What a type's template was last saved as: part of the fingerprint of a kept export (a badge
   * PDF is built again after the template changed).
   */
  async templateVersion(conferenceId: number, type: DocumentType): Promise<string> {
    const row = await repo.templateOf(this.db, conferenceId, type);
    return row ? `${row.enabled_type}:${row.updated_at}:${row.background_file ?? ''}` : 'DEFAULT';
  }

  /** The PDF of a type for registrants (by id) or for one user; 404 'documents:disabled' when disabled. */
  async render(
    conferenceId: number,
    type: DocumentType,
    who: { ids: number[] } | { userId: number },
    conference: DocumentConference,
    lang: Lang,
    today: string,
  ): Promise<Buffer> {
    return this.pdf(conferenceId, await this.renderInput(conferenceId, type, who, conference, lang, today));
  }

  /** Draws a document in the pool: the CPU part of `render`, for a request that waits for it. */
  async pdf(conferenceId: number, input: RenderInput): Promise<Buffer> {
    return Buffer.from(await this.compute<Uint8Array>(conferenceId, 'documents.render', input));
  }

  /**
   * What the pool needs to draw a type for registrants or one user: the template, its background
   * and the people, read here; 404 'documents:disabled' when disabled.
   */
  async renderInput(
    conferenceId: number,
    type: DocumentType,
    who: { ids: number[] } | { userId: number },
    conference: DocumentConference,
    lang: Lang,
    today: string,
  ): Promise<RenderInput> {
    const view = await this.config(conferenceId, type);
    if (view.enabledType === 'DISABLED') throw new AppError(404, 'documents:disabled');
    let people: DocumentPerson[];
    if ('ids' in who) people = await this.people.forIds(conferenceId, who.ids, lang);
    else {
      const person = await this.people.forUser(conferenceId, who.userId, lang);
      if (!person) throw new AppError(404, 'documents:notRegistered');
      people = [person];
    }
    if (!people.length) throw new AppError(400, 'registration:userMsg', { field: 'ids' });
    return { type, custom: await this.template(conferenceId, view), conference, people, lang, today };
  }

  /**
   * A payment receipt (issued by the receipts feature) as a PDF: the system layout or the custom
   * template; refused 'documents:disabled' when the conference gives no receipts.
   */
  async renderReceipt(
    conferenceId: number,
    receipt: ReceiptDocument,
    conference: DocumentConference,
    lang: Lang,
  ): Promise<Buffer> {
    const view = await this.config(conferenceId, 'RECEIPT');
    if (view.enabledType === 'DISABLED') throw new AppError(404, 'documents:disabled');
    const input: ReceiptInput = { custom: await this.template(conferenceId, view), conference, receipt, lang };
    return Buffer.from(await this.compute<Uint8Array>(conferenceId, 'documents.receipt', input));
  }

  /** A preview of unsaved settings with a sample person (the designer's "Preview PDF"). */
  async preview(
    conferenceId: number,
    input: TemplateInput,
    conference: DocumentConference,
    lang: Lang,
    today: string,
  ): Promise<Buffer> {
    await this.checkBackground(conferenceId, input);
    const sample: DocumentPerson = {
      code: 'SAMPLE-0001',
      name: lang === 'en' ? 'Alex Morgan' : '张伟',
      firstName: '',
      lastName: '',
      email: 'alex.morgan@example.org',
      unit: lang === 'en' ? 'Institute of Computing Technology' : '中国科学院计算技术研究所',
      country: 'China',
      phone: '13800138000',
      registeredOn: today,
      fields: { passport: 'E12345678' },
    };
    const view = {
      enabledType: input.enabledType,
      background: input.background ?? null,
      layout: input.layout ?? defaultLayout(input.type),
    };
    return this.pdf(conferenceId, {
      type: input.type,
      custom: await this.template(conferenceId, view),
      conference,
      people: [sample],
      lang,
      today,
    });
  }

  async isRegistrant(conferenceId: number, userId: number): Promise<boolean> {
    return this.people.isRegistered(conferenceId, userId);
  }

  /** The fields a layout may place: the built-in ones and the default form's items. */
  async fieldOptions(conferenceId: number): Promise<Array<{ key: string; labelZh: string; labelEn: string }>> {
    const builtIn = BUILT_IN_FIELDS.map((key) => ({ key, labelZh: '', labelEn: '' }));
    const known = new Set<string>(BUILT_IN_FIELDS);
    const receipt = RECEIPT_FIELDS.map((key) => ({
      key,
      labelZh: `收据：${RECEIPT_LABELS[key][0]}`,
      labelEn: `Receipt: ${RECEIPT_LABELS[key][1]}`,
    }));
    for (const f of receipt) known.add(f.key);
    return [...builtIn, ...receipt, ...(await this.people.fieldList(conferenceId)).filter((f) => !known.has(f.key))];
  }
}
