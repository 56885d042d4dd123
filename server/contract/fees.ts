/**
 * Fees (spec 3 "Registration fee / optional fee item", "Fee row"; 5 "Registration fee config",
 * "Fee selection"; 9 fee scopes): what a manager writes, the fee as managers and attendees see
 * it, and the endpoint map. No Node imports here: the islands bundle this file.
 *
 * Prices arrive as decimal strings ("100.50") and are read with money.ts, never through a float.
 * Every rule of spec 5 has its own message key (public/locales/{zh,en}/fees.json); the islands
 * apply the same rules before sending (`feeProblem` below is shared by both sides).
 */
import { z } from 'zod';
import { endpoint } from './endpoint';
import { isCurrency, moneyField, type Money } from './money';

export const FEE_KINDS = ['register', 'optional'] as const;
export type FeeKind = (typeof FEE_KINDS)[number];
/** 'developing': people whose country is in DEVELOPING_COUNTRIES (contract/developingCountries.ts) */
export const USER_SCOPES = ['all', 'developing'] as const;
export type UserScope = (typeof USER_SCOPES)[number];
/** the language of the site the person uses */
export const LANG_SCOPES = ['all', 'zh', 'en'] as const;
export type LangScope = (typeof LANG_SCOPES)[number];

export const FEE_LIMITS = { category: 100, title: 200, description: 5000, invitationCode: 64, max: 1_000_000 } as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day written YYYY-MM-DD. */
export function isDay(value: string): boolean {
  if (!DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** What every view of a fee shows: what it is and what it costs. */
export type FeeBasics = {
  id: number;
  kind: FeeKind;
  /** the category, named in both languages (its maximum is shared by its fee items) */
  categoryZh: string;
  categoryEn: string;
  titleZh: string;
  titleEn: string;
  descriptionZh: string;
  descriptionEn: string;
  price: Money;
  display: Money;
};

/** The fee as a manager sees and edits it. */
export type FeeView = FeeBasics & {
  openDate: string;
  deadline: string;
  open: boolean;
  userScope: UserScope;
  langScope: LangScope;
  invitationCode: string;
  /** the category's maximum, shared by the fee items of the category */
  maxTotal: number;
  maxPerAccount: number;
  /** places of this fee held by unpaid and paid orders: SUM(fee_holds.quantity) */
  used: number;
  /** places of the whole category held */
  categoryUsed: number;
  priceVersion: number;
  sort: number;
};

/** A fee as the fee page offers it to one person now (spec 3 "Fee row": shown as 'currency price' of the display price). */
export type FeeOffer = FeeBasics & {
  /** places left in the category */
  remaining: number;
  /** how many more this person may take */
  perAccountLeft: number;
  deadline: string;
};

/** What the fee page needs besides the offers: whether the conference charges, and its rule. */
export type FeeInfo = {
  costsSet: boolean;
  registerRule: string;
  /** the day the windows are compared with, in the conference's time zone */
  today: string;
  timeZone: string;
  /** the person's country as registered ('' when not registered); decides the user scope */
  country: string;
  /** how many registration fees one person may hold, and how many this person holds (unpaid or paid) */
  registerPerPerson: number;
  registerHeld: number;
};

/** The fee rules a manager sets for the conference. */
export type FeeSettings = {
  /** how many registration fees one person may hold (unpaid or paid); 1 unless the manager allows more */
  registerPerPerson: number;
};

export const feeSettingsInput = z.object({
  registerPerPerson: z.coerce
    .number({ message: 'fees:registerPerPersonInvalid' })
    .int('fees:registerPerPersonInvalid')
    .min(1, 'fees:registerPerPersonInvalid')
    .max(100, 'fees:registerPerPersonInvalid'),
});

const text = (max: number, required: string, tooLong: string) =>
  z.string({ message: required }).trim().min(1, required).max(max, tooLong);
const count = (required: string) =>
  z
    .union([z.number(), z.string().trim().regex(/^\d+$/, required).transform(Number)], { message: required })
    .pipe(
      z
        .number({ message: required })
        .int('fees:maxInvalid')
        .min(1, 'fees:maxInvalid')
        .max(FEE_LIMITS.max, 'fees:maxInvalid'),
    );
const currency = (required: string) =>
  z.string({ message: required }).trim().toUpperCase().min(1, required).refine(isCurrency, 'money.currency');
const day = (required: string) =>
  z.string({ message: required }).trim().min(1, required).refine(isDay, 'fees:dateInvalid');

/** The fields of the manager's form, before the cross-field rules. */
const feeFields = z.object({
  kind: z.enum(FEE_KINDS, { message: 'fees:kindInvalid' }),
  categoryZh: text(FEE_LIMITS.category, 'fees:categoryRequired', 'fees:categoryTooLong'),
  categoryEn: text(FEE_LIMITS.category, 'fees:categoryEnRequired', 'fees:categoryTooLong'),
  titleZh: text(FEE_LIMITS.title, 'fees:titleZhRequired', 'fees:titleTooLong'),
  titleEn: text(FEE_LIMITS.title, 'fees:titleEnRequired', 'fees:titleTooLong'),
  descriptionZh: text(FEE_LIMITS.description, 'fees:descriptionZhRequired', 'fees:descriptionTooLong'),
  descriptionEn: text(FEE_LIMITS.description, 'fees:descriptionEnRequired', 'fees:descriptionTooLong'),
  currency: currency('fees:currencyRequired'),
  /** the actual price, a decimal string in `currency` ("100.50") */
  price: z.string({ message: 'fees:priceRequired' }).trim().min(1, 'fees:priceRequired'),
  displayCurrency: currency('fees:displayCurrencyRequired'),
  /** the price shown, a decimal string in `displayCurrency` */
  displayPrice: z.string({ message: 'fees:displayPriceRequired' }).trim().min(1, 'fees:displayPriceRequired'),
  openDate: day('fees:openDateRequired'),
  deadline: day('fees:deadlineRequired'),
  open: z.boolean({ message: 'fees:openInvalid' }).default(true),
  userScope: z.enum(USER_SCOPES, { message: 'fees:scopeInvalid' }).default('all'),
  langScope: z.enum(LANG_SCOPES, { message: 'fees:scopeInvalid' }).default('all'),
  invitationCode: z
    .string({ message: 'fees:codeInvalid' })
    .trim()
    .max(FEE_LIMITS.invitationCode, 'fees:codeTooLong')
    .regex(/^[\x21-\x7e]*$/, 'fees:codeInvalid')
    .default(''),
  maxTotal: count('fees:maxTotalRequired'),
  maxPerAccount: count('fees:maxPerAccountRequired'),
  /** the manager confirmed a price change that invalidates unpaid orders (spec 4) */
  confirm: z.boolean().optional(),
});

export type FeeForm = z.input<typeof feeFields>;

/**
 * The cross-field rules of spec 5, in the order the form shows them; shared with the island so
 * the browser says the same thing first. Answers [field, key] of the first broken rule, or null.
 */
export function feeProblem(v: {
  openDate: string;
  deadline: string;
  maxTotal: number;
  maxPerAccount: number;
}): [string, string] | null {
  if (v.openDate >= v.deadline) return ['deadline', 'fees:dateOrder'];
  if (v.maxTotal < v.maxPerAccount) return ['maxTotal', 'fees:maxTotalBelowPerAccount'];
  return null;
}

const PRICE_KEYS: Record<string, string> = {
  'money.required': 'fees:priceRequired',
  'money.tooSmall': 'fees:pricePositive',
  'money.negative': 'fees:pricePositive',
};

export const feeInput = feeFields.transform((v, ctx) => {
  const fail = (path: string, message: string) => {
    ctx.addIssue({ code: 'custom', path: [path], message });
    return z.NEVER;
  };
  // The actual price must be positive (moneyField min 1 minor unit); the display price may be 0.
  const price = moneyField(v.currency, { min: 1 }).safeParse(v.price);
  if (!price.success) return fail('price', PRICE_KEYS[price.error.issues[0].message] ?? price.error.issues[0].message);
  const display = moneyField(v.displayCurrency).safeParse(v.displayPrice);
  if (!display.success)
    return fail(
      'displayPrice',
      display.error.issues[0].message === 'money.required'
        ? 'fees:displayPriceRequired'
        : display.error.issues[0].message,
    );
  const problem = feeProblem(v);
  if (problem) return fail(problem[0], problem[1]);
  const { price: _p, displayPrice: _d, currency: _c, displayCurrency: _dc, ...rest } = v;
  return { ...rest, price: price.data, display: display.data };
});
export type FeeInput = z.output<typeof feeInput>;

const feeId = z.object({
  id: z.coerce
    .number()
    .int()
    .positive('fees:notFound')
    .max(2 ** 31, 'fees:notFound'),
});
const kindQuery = z.object({ kind: z.enum(FEE_KINDS, { message: 'fees:kindInvalid' }).default('register') });
export const reorderInput = z.object({
  kind: z.enum(FEE_KINDS, { message: 'fees:kindInvalid' }),
  /** the saved fees of the kind in their new order; an id not saved is refused ('Must be saved first') */
  ids: z
    .array(z.number({ message: 'fees:saveFirst' }).int('fees:saveFirst').positive('fees:saveFirst'), {
      message: 'fees:saveFirst',
    })
    .min(1, 'fees:saveFirst')
    .max(500),
});
/** Reading the offers tries no invitation code (a GET never counts a wrong try): a code is tried by tryCode. */
export const offersQuery = z.object({
  kind: z.enum(FEE_KINDS, { message: 'fees:kindInvalid' }).optional(),
});
export const tryCodeInput = z.object({
  invitationCode: z
    .string({ message: 'fees:wrongCode' })
    .trim()
    .min(1, 'fees:codeEmpty')
    .max(FEE_LIMITS.invitationCode, 'fees:wrongCode'),
  kind: z.enum(FEE_KINDS, { message: 'fees:kindInvalid' }).optional(),
});

const MANAGE = '/conference/platform/manage/fee';

/** Every change answers the list of the fee's kind, in order. */
export const feesApi = {
  list: endpoint<FeeView[]>()({ method: 'GET', path: MANAGE, query: kindQuery }),
  create: endpoint<FeeView[]>()({ method: 'POST', path: MANAGE, body: feeInput, done: 'fees:saved' }),
  update: endpoint<FeeView[]>()({
    method: 'PUT',
    path: `${MANAGE}/:id`,
    params: feeId,
    body: feeInput,
    done: 'fees:saved',
  }),
  remove: endpoint<FeeView[]>()({ method: 'DELETE', path: `${MANAGE}/:id`, params: feeId, done: 'fees:deleted' }),
  reorder: endpoint<FeeView[]>()({ method: 'POST', path: `${MANAGE}/reorder`, body: reorderInput, done: 'fees:saved' }),
  settings: endpoint<FeeSettings>()({ method: 'GET', path: `${MANAGE}/settings` }),
  saveSettings: endpoint<FeeSettings>()({
    method: 'PUT',
    path: `${MANAGE}/settings`,
    body: feeSettingsInput,
    done: 'fees:saved',
  }),
  /** spec 7: the fees that apply to the signed-in person now */
  offers: endpoint<FeeOffer[]>()({
    method: 'GET',
    path: '/conference/conferenceRegUserConfig/getRegFee',
    query: offersQuery,
  }),
  /** spec 7: what the fee page needs besides the offers */
  info: endpoint<FeeInfo>()({ method: 'GET', path: '/conference/conferenceRegUserConfig/getRegFeeInfo' }),
  /** the fee page's invitation code, tried (and a wrong one counted) only by POST: the offers with the fees behind it */
  tryCode: endpoint<FeeOffer[]>()({
    method: 'POST',
    path: '/conference/conferenceRegUserConfig/tryRegFeeCode',
    body: tryCodeInput,
    done: 'fees:codeAccepted',
  }),
};
