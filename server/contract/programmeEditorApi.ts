/**
 * What the programme editor sends (issue 34): the checked inputs of its saves and the endpoints
 * of /conference/platform/manage/programme. Their answers are the types of `programmeEditor.ts`.
 * No Node imports here: islands bundle this file.
 */
import { z } from 'zod';
import { endpoint } from './endpoint';
import { PROGRAMME_ITEM_KINDS, type ProgrammeReleaseSummary } from './programme';
import type { EditorRoom, EditorSettings, EditorState, ProgrammeConflict, SaveAnswer } from './programmeEditor';

const NS = 'programmeManage:';
const id = z.coerce
  .number({ message: `${NS}notFound` })
  .int(`${NS}notFound`)
  .positive(`${NS}notFound`)
  .max(2 ** 31);
const idParam = z.object({ id });
const minute = z
  .number({ message: `${NS}minuteInvalid` })
  .int(`${NS}minuteInvalid`)
  .min(0, `${NS}minuteInvalid`)
  .max(1440, `${NS}minuteInvalid`);
const day = z.string({ message: `${NS}dayInvalid` }).regex(/^\d{4}-\d{2}-\d{2}$/, `${NS}dayInvalid`);
const text = (max: number) =>
  z
    .string({ message: `${NS}textInvalid` })
    .trim()
    .max(max, `${NS}textTooLong`);
const pair = (max: number) => z.object({ zh: text(max), en: text(max) });
const revision = z
  .number({ message: `${NS}revisionInvalid` })
  .int(`${NS}revisionInvalid`)
  .positive(`${NS}revisionInvalid`);

export const personInput = z.object({
  name: z
    .string({ message: `${NS}personNameRequired` })
    .trim()
    .min(1, `${NS}personNameRequired`)
    .max(100, `${NS}textTooLong`),
  unit: text(300).default(''),
  email: z
    .union([z.literal(''), z.string().trim().toLowerCase().email(`${NS}emailInvalid`).max(254, `${NS}emailInvalid`)])
    .default(''),
  accountId: z
    .number()
    .int()
    .positive()
    .max(2 ** 31)
    .nullable()
    .default(null),
});

export const roomInput = z.object({
  name: z.object({ zh: text(100).min(1, `${NS}roomNameRequired`), en: text(100).min(1, `${NS}roomNameRequired`) }),
  capacity: z
    .number({ message: `${NS}capacityInvalid` })
    .int(`${NS}capacityInvalid`)
    .min(0, `${NS}capacityInvalid`)
    .max(1_000_000, `${NS}capacityInvalid`)
    .nullable()
    .default(null),
  position: z.number().int().min(0).max(10_000).optional(),
});
export type RoomInput = z.infer<typeof roomInput>;

export const settingsInput = z
  .object({
    dayStartMinute: minute,
    dayEndMinute: minute,
    slotMinutes: z
      .number({ message: `${NS}slotInvalid` })
      .int(`${NS}slotInvalid`)
      .min(5, `${NS}slotInvalid`)
      .max(120, `${NS}slotInvalid`),
    lengths: z
      .record(
        z.string().regex(/^\d{1,10}$/, `${NS}lengthInvalid`),
        z
          .number({ message: `${NS}lengthInvalid` })
          .int(`${NS}lengthInvalid`)
          .min(5, `${NS}lengthInvalid`)
          .max(480, `${NS}lengthInvalid`),
      )
      .default({}),
    defaultLength: z
      .number({ message: `${NS}lengthInvalid` })
      .int(`${NS}lengthInvalid`)
      .min(5, `${NS}lengthInvalid`)
      .max(480, `${NS}lengthInvalid`),
  })
  .refine((s) => s.dayEndMinute - s.dayStartMinute >= s.slotMinutes, {
    message: `${NS}hoursInvalid`,
    path: ['dayEndMinute'],
  });

/** Where an item goes: a day, a room (null: every room) and its minutes; `day: null` takes it off the grid. */
export const placeInput = z
  .object({
    revision,
    day: day.nullable(),
    startMinute: minute.nullable().default(null),
    endMinute: minute.nullable().default(null),
    roomId: z
      .number()
      .int()
      .positive()
      .max(2 ** 31)
      .nullable()
      .default(null),
  })
  .refine((p) => p.day === null || (p.startMinute !== null && p.endMinute !== null && p.endMinute > p.startMinute), {
    message: `${NS}timeInvalid`,
    path: ['endMinute'],
  });
export type PlaceInput = z.infer<typeof placeInput>;

const itemFields = {
  title: pair(500).default({ zh: '', en: '' }),
  description: pair(5000).default({ zh: '', en: '' }),
  speakers: z.array(personInput).max(30, `${NS}tooManySpeakers`).default([]),
  chair: personInput.nullable().default(null),
  sessionId: z
    .number()
    .int()
    .positive()
    .max(2 ** 31)
    .nullable()
    .default(null),
};

/** A new item: a free item (keynote, break...), a session block, or a paper (by its manuscript); placed at once when `place` is given. */
export const createItemInput = z
  .object({
    kind: z.enum(PROGRAMME_ITEM_KINDS, { message: `${NS}kindInvalid` }),
    submissionId: z
      .number()
      .int()
      .positive()
      .max(2 ** 31)
      .nullable()
      .default(null),
    /** a paper put into a session block */
    parentId: z
      .number()
      .int()
      .positive()
      .max(2 ** 31)
      .nullable()
      .default(null),
    place: z
      .object({
        day,
        startMinute: minute,
        endMinute: minute,
        roomId: z
          .number()
          .int()
          .positive()
          .max(2 ** 31)
          .nullable(),
      })
      .nullable()
      .default(null),
    ...itemFields,
  })
  .refine((v) => (v.kind === 'paper') === (v.submissionId !== null), {
    message: `${NS}paperNeedsManuscript`,
    path: ['submissionId'],
  })
  .refine((v) => v.kind === 'paper' || v.title.zh !== '' || v.title.en !== '', {
    message: `${NS}titleRequired`,
    path: ['title'],
  })
  .refine((v) => v.place === null || v.place.endMinute > v.place.startMinute, {
    message: `${NS}timeInvalid`,
    path: ['place'],
  });
export type CreateItemInput = z.infer<typeof createItemInput>;

export const updateItemInput = z
  .object({ revision, ...itemFields })
  .refine((v) => v.title.zh !== '' || v.title.en !== '', { message: `${NS}titleRequired`, path: ['title'] });
export type UpdateItemInput = z.infer<typeof updateItemInput>;

/** A paper into a session block (at `position`), or out of it (`parentId: null`). */
export const nestInput = z.object({
  revision,
  parentId: z
    .number()
    .int()
    .positive()
    .max(2 ** 31)
    .nullable(),
  position: z.number().int().min(0).max(10_000).default(10_000),
});

export const deleteQuery = z.object({
  revision: z.coerce
    .number({ message: `${NS}revisionInvalid` })
    .int(`${NS}revisionInvalid`)
    .positive(`${NS}revisionInvalid`),
});

export const releaseInput = z.object({
  note: text(1000).default(''),
  draftRevision: z.number().int().min(0).optional(),
});

const MANAGE = '/conference/platform/manage/programme';

export const programmeManageApi = {
  state: endpoint<EditorState>()({ method: 'GET', path: `${MANAGE}/state` }),
  settings: endpoint<EditorSettings>()({
    method: 'PUT',
    path: `${MANAGE}/settings`,
    body: settingsInput,
    done: `${NS}saved`,
  }),
  addRoom: endpoint<EditorRoom[]>()({ method: 'POST', path: `${MANAGE}/rooms`, body: roomInput, done: `${NS}saved` }),
  saveRoom: endpoint<EditorRoom[]>()({
    method: 'PUT',
    path: `${MANAGE}/rooms/:id`,
    params: idParam,
    body: roomInput,
    done: `${NS}saved`,
  }),
  removeRoom: endpoint<EditorRoom[]>()({
    method: 'DELETE',
    path: `${MANAGE}/rooms/:id`,
    params: idParam,
    done: `${NS}saved`,
  }),
  addItem: endpoint<SaveAnswer>()({
    method: 'POST',
    path: `${MANAGE}/items`,
    body: createItemInput,
    done: `${NS}saved`,
  }),
  saveItem: endpoint<SaveAnswer>()({
    method: 'PUT',
    path: `${MANAGE}/items/:id`,
    params: idParam,
    body: updateItemInput,
    done: `${NS}saved`,
  }),
  place: endpoint<SaveAnswer>()({
    method: 'POST',
    path: `${MANAGE}/items/:id/place`,
    params: idParam,
    body: placeInput,
    done: `${NS}saved`,
  }),
  nest: endpoint<SaveAnswer>()({
    method: 'POST',
    path: `${MANAGE}/items/:id/nest`,
    params: idParam,
    body: nestInput,
    done: `${NS}saved`,
  }),
  removeItem: endpoint<SaveAnswer>()({
    method: 'DELETE',
    path: `${MANAGE}/items/:id`,
    params: idParam,
    query: deleteQuery,
    done: `${NS}saved`,
  }),
  conflicts: endpoint<ProgrammeConflict[]>()({ method: 'GET', path: `${MANAGE}/conflicts` }),
  releases: endpoint<ProgrammeReleaseSummary[]>()({ method: 'GET', path: `${MANAGE}/releases` }),
  release: endpoint<ProgrammeReleaseSummary>()({
    method: 'POST',
    path: `${MANAGE}/releases`,
    body: releaseInput,
    done: `${NS}released`,
  }),
};
