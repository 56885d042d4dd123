/**
 * Hotels (issue 14): the booking settings, the hotels and their room types, one row per room type
 * per night (the counted row the capacity helper locks: `held` by unpaid bookings, `sold` to paid
 * ones, never above the room's total), and the reservations. A reservation's order is an `orders`
 * row of type 'hotel' (no foreign key: orders own their table).
 *
 * Money is integer minor units of the settings' currency (server/contract/money.ts); days are
 * YYYY-MM-DD in the conference's time zone.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('hotel_settings', (t) => {
    t.integer('conference_id').unsigned().primary().references('id').inTable('conferences').onDelete('CASCADE');
    t.string('start_date', 10).notNullable();
    t.string('end_date', 10).notNullable();
    t.boolean('open').notNullable();
    t.string('currency', 3).notNullable();
    t.string('display_currency', 3).notNullable();
    // sanitised when saved (server/platform/sanitize.ts)
    t.text('description_zh').notNullable();
    t.text('description_en').notNullable();
    // 'none' | 'paidRegistration'
    t.string('condition', 24).notNullable().defaultTo('none');
    t.text('condition_note_zh').notNullable();
    t.text('condition_note_en').notNullable();
    t.datetime('updated_at', { precision: 3 }).notNullable();
  });
  await knex.schema.createTable('hotels', (t) => {
    t.increments('id').primary();
    t.integer('conference_id').unsigned().notNullable().references('id').inTable('conferences').onDelete('CASCADE');
    t.string('name_zh', 200).notNullable();
    t.string('name_en', 200).notNullable();
    t.integer('stars').notNullable().defaultTo(0);
    t.string('link', 500).notNullable().defaultTo('');
    t.string('address_zh', 500).notNullable().defaultTo('');
    t.string('address_en', 500).notNullable().defaultTo('');
    t.string('photo', 500).notNullable().defaultTo('');
    t.string('map_link', 500).notNullable().defaultTo('');
    t.integer('sort').notNullable().defaultTo(0);
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('updated_at', { precision: 3 }).notNullable();
    t.index(['conference_id', 'sort']);
  });
  await knex.schema.createTable('hotel_rooms', (t) => {
    t.increments('id').primary();
    t.integer('conference_id').unsigned().notNullable().references('id').inTable('conferences').onDelete('CASCADE');
    t.integer('hotel_id').unsigned().notNullable().references('id').inTable('hotels').onDelete('CASCADE');
    t.string('type_zh', 200).notNullable();
    t.string('type_en', 200).notNullable();
    // null after a currency change: not bookable until the manager prices it again (spec 4)
    t.bigInteger('price_amount').nullable();
    t.bigInteger('display_price_amount').notNullable();
    t.integer('total').notNullable();
    t.string('check_in_start', 10).notNullable();
    t.string('check_in_end', 10).notNullable();
    t.integer('min_per_person').notNullable();
    t.integer('max_per_person').notNullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('updated_at', { precision: 3 }).notNullable();
    t.index(['conference_id', 'hotel_id']);
  });
  await knex.schema.createTable('hotel_nights', (t) => {
    t.integer('conference_id').unsigned().notNullable();
    t.integer('room_id').unsigned().notNullable().references('id').inTable('hotel_rooms').onDelete('CASCADE');
    t.string('night', 10).notNullable();
    t.integer('held').notNullable().defaultTo(0);
    t.integer('sold').notNullable().defaultTo(0);
    t.primary(['room_id', 'night']);
    t.index(['conference_id', 'night']);
  });
  await knex.schema.createTable('hotel_bookings', (t) => {
    t.increments('id').primary();
    t.integer('conference_id').unsigned().notNullable().references('id').inTable('conferences').onDelete('CASCADE');
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('hotel_id').unsigned().notNullable();
    t.integer('room_id').unsigned().notNullable();
    t.integer('order_id').unsigned().nullable();
    t.string('check_in', 10).notNullable();
    t.string('check_out', 10).notNullable();
    t.integer('nights').notNullable();
    t.integer('quantity').notNullable();
    t.string('currency', 3).notNullable();
    // per room and night, copied when booked
    t.bigInteger('unit_amount').notNullable();
    t.bigInteger('total_amount').notNullable();
    // what the nights of this booking count as: 'held' (unpaid), 'sold' (paid) or 'released' (given back, exactly once)
    t.string('holds', 10).notNullable();
    // 'pending' | 'confirmed' | 'cancelled' | 'expired' | 'invalid'
    t.string('status', 12).notNullable();
    t.string('requirements', 1000).notNullable().defaultTo('');
    t.string('email', 254).notNullable();
    t.string('name', 200).notNullable();
    t.string('unit', 200).notNullable().defaultTo('');
    t.string('phone', 40).notNullable().defaultTo('');
    t.string('lang', 2).notNullable().defaultTo('zh');
    // a manager deleted it: gone from every list, kept for the books
    t.datetime('deleted_at', { precision: 3 }).nullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('updated_at', { precision: 3 }).notNullable();
    t.index(['conference_id', 'user_id']);
    t.index(['conference_id', 'room_id', 'holds']);
    t.index(['conference_id', 'order_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['hotel_bookings', 'hotel_nights', 'hotel_rooms', 'hotels', 'hotel_settings'])
    await knex.schema.dropTableIfExists(table);
}
