/**
 * The JSON schedule format's rules (frab's schedule.json as the c3voc validator checks it, written
 * out here as a JSON Schema): what conference apps rely on — the required fields of the
 * conference, its days and events, their formats (dates, instants, UUIDs, H:MM durations, slugs),
 * and no fields the format does not know on a conference, day or event.
 */
const string = { type: 'string' };
const nullableString = { type: ['string', 'null'] };

export const SCHEDULE_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  additionalProperties: false,
  required: ['schedule'],
  properties: {
    $schema: string,
    generator: {
      type: 'object',
      properties: { name: string, version: string, url: { type: 'string', format: 'uri' } },
    },
    schedule: {
      type: 'object',
      required: ['version', 'conference'],
      properties: {
        version: string,
        base_url: { type: 'string', format: 'uri' },
        conference: {
          type: 'object',
          additionalProperties: false,
          required: ['acronym', 'title', 'start', 'end', 'daysCount', 'timeslot_duration', 'days'],
          properties: {
            acronym: { type: 'string', pattern: '^[a-z0-9_-][a-z0-9_]{3,}(-2[0-9]{3}-[a-z]+)?$' },
            title: string,
            description: string,
            start: { type: 'string', format: 'date' },
            end: { type: 'string', format: 'date' },
            daysCount: { type: 'integer' },
            timeslot_duration: { type: 'string', pattern: '^[0-9]{2}:[0-9]{2}$' },
            time_zone_name: { type: 'string', pattern: '^([A-Z][a-z]+/[A-Z][a-z_]+)|UTC$' },
            url: { type: 'string', format: 'uri' },
            rooms: {
              type: 'array',
              items: {
                type: 'object',
                additionalProperties: false,
                required: ['name', 'guid'],
                properties: {
                  name: string,
                  guid: { type: 'string', format: 'uuid' },
                  description: nullableString,
                  capacity: { type: ['number', 'null'] },
                },
              },
            },
            tracks: { type: 'array', items: { type: 'object', properties: { name: string, color: string } } },
            days: {
              type: 'array',
              items: {
                type: 'object',
                additionalProperties: false,
                required: ['index', 'date', 'day_start', 'day_end', 'rooms'],
                properties: {
                  index: { type: 'integer' },
                  date: { type: 'string', format: 'date' },
                  day_start: { type: 'string', format: 'date-time' },
                  day_end: { type: 'string', format: 'date-time' },
                  rooms: {
                    type: 'object',
                    additionalProperties: { type: 'array', items: { $ref: '#/definitions/event' } },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
  definitions: {
    event: {
      type: 'object',
      additionalProperties: false,
      required: [
        'id',
        'guid',
        'date',
        'start',
        'duration',
        'room',
        'slug',
        'url',
        'title',
        'subtitle',
        'track',
        'type',
        'language',
        'abstract',
        'persons',
        'links',
      ],
      properties: {
        id: { type: 'integer', minimum: 1 },
        guid: { type: 'string', format: 'uuid' },
        date: { type: 'string', format: 'date-time' },
        start: { type: 'string', pattern: '^[0-9]{2}:[0-9]{2}$' },
        duration: { type: 'string', pattern: '^[0-9]+:[0-9]{2}$' },
        room: string,
        slug: { type: 'string', pattern: '^[a-z0-9_-]+[a-z0-9]$' },
        url: { type: 'string', format: 'uri' },
        title: string,
        subtitle: nullableString,
        track: nullableString,
        type: string,
        language: string,
        abstract: nullableString,
        description: nullableString,
        do_not_record: nullableString,
        persons: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              name: string,
              public_name: string,
              guid: { type: 'string', format: 'uuid' },
              id: { type: 'integer' },
            },
            // frab's people have an id and public name, pretalx's a name
            anyOf: [{ required: ['public_name', 'id'] }, { required: ['name'] }],
          },
        },
        links: { type: 'array' },
        attachments: { type: 'array' },
      },
    },
  },
} as const;
