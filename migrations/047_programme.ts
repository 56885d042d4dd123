/**
 * The programme (issue 34): rooms, the items of the working programme (accepted manuscripts and
 * free items such as keynotes and breaks, placed on a day, a room and a time, or not yet placed),
 * its numbered releases (what attendees read: a frozen snapshot, never the work in progress),
 * each person's agenda and the secret address of their calendar feed.
 *
 * Times of the working programme are a day and minutes from that day's midnight in the
 * conference's time zone, as the organiser thinks of them; a release turns them into instants.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('programme_rooms', (t) => {
    t.increments('id').primary();
    t.integer('conference_id').unsigned().notNullable().references('id').inTable('conferences').onDelete('CASCADE');
    t.string('name_zh', 100).notNullable();
    t.string('name_en', 100).notNullable();
    t.integer('capacity').unsigned().nullable();
    t.integer('position').notNullable().defaultTo(0);
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.index(['conference_id', 'position']);
  });
  await knex.schema.createTable('programme_items', (t) => {
    t.increments('id').primary();
    t.integer('conference_id').unsigned().notNullable().references('id').inTable('conferences').onDelete('CASCADE');
    // 'paper' | 'session' | 'keynote' | 'talk' | 'break' | 'lunch' | 'poster' | 'ceremony' | 'other'
    t.string('kind', 12).notNullable();
    // null until placed on the grid: 'YYYY-MM-DD' in the conference's zone, minutes from its midnight
    t.string('day', 10).nullable();
    t.integer('start_minute').nullable();
    t.integer('end_minute').nullable();
    // null on a placed item: every room (a plenary, lunch)
    t.integer('room_id').unsigned().nullable().references('id').inTable('programme_rooms').onDelete('SET NULL');
    // a paper inside a session block, in `position` order
    t.integer('parent_id').unsigned().nullable().references('id').inTable('programme_items').onDelete('SET NULL');
    t.integer('position').notNullable().defaultTo(0);
    // a paper: the manuscript (submissions); a session block: the submission session it holds
    t.integer('submission_id').unsigned().nullable();
    t.integer('session_id').unsigned().nullable();
    t.string('title_zh', 500).notNullable().defaultTo('');
    t.string('title_en', 500).notNullable().defaultTo('');
    t.text('description_zh').nullable();
    t.text('description_en').nullable();
    // JSON: [{ name, unit, accountId }] and { name, unit, accountId } | null
    t.text('speakers').nullable();
    t.text('chair').nullable();
    // rises with every save: a manager saving over a newer version is told what changed
    t.integer('revision').notNullable().defaultTo(1);
    t.integer('updated_by').unsigned().nullable();
    t.datetime('updated_at', { precision: 3 }).notNullable();
    t.index(['conference_id', 'day']);
    t.index(['conference_id', 'submission_id']);
  });
  await knex.schema.createTable('programme_settings', (t) => {
    t.integer('conference_id').unsigned().primary().references('id').inTable('conferences').onDelete('CASCADE');
    // the grid's hours and step, in minutes from midnight
    t.integer('day_start_minute').notNullable().defaultTo(480);
    t.integer('day_end_minute').notNullable().defaultTo(1080);
    t.integer('slot_minutes').notNullable().defaultTo(15);
    // JSON: { [reportTypeId]: minutes } and the length of a manuscript of no type
    t.text('lengths').nullable();
    t.integer('default_length').notNullable().defaultTo(20);
    // rises with every change of the working programme (any item, room or setting)
    t.integer('draft_revision').notNullable().defaultTo(0);
    t.datetime('updated_at', { precision: 3 }).notNullable();
  });
  await knex.schema.createTable('programme_releases', (t) => {
    t.increments('id').primary();
    t.integer('conference_id').unsigned().notNullable().references('id').inTable('conferences').onDelete('CASCADE');
    t.integer('number').notNullable();
    t.integer('released_by').unsigned().notNullable();
    t.datetime('released_at', { precision: 3 }).notNullable();
    t.string('note', 1000).notNullable().defaultTo('');
    // JSON: ProgrammeChange[] against the release before
    t.text('changes', 'mediumtext').notNullable();
    // JSON: ReleasedProgramme (server/contract/programme.ts)
    t.text('snapshot', 'longtext').notNullable();
    t.unique(['conference_id', 'number']);
  });
  await knex.schema.createTable('programme_agenda', (t) => {
    t.integer('conference_id').unsigned().notNullable().references('id').inTable('conferences').onDelete('CASCADE');
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    // ReleasedItem.uid: stays the same across releases
    t.string('item_uid', 40).notNullable();
    t.datetime('added_at', { precision: 3 }).notNullable();
    t.primary(['conference_id', 'user_id', 'item_uid']);
  });
  await knex.schema.createTable('programme_feeds', (t) => {
    t.integer('conference_id').unsigned().notNullable().references('id').inTable('conferences').onDelete('CASCADE');
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    // sha256 of the secret in the personal feed's address; a new secret revokes the old
    t.string('token_hash', 64).notNullable().unique();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.primary(['conference_id', 'user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'programme_feeds',
    'programme_agenda',
    'programme_releases',
    'programme_settings',
    'programme_items',
    'programme_rooms',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
