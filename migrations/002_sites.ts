/** The public website: config, exteriors (appearances), pages and templates, menus, modules. */
import type { Knex } from 'knex';

function bilingual(t: Knex.CreateTableBuilder, name: string, length = 255): void {
  t.string(`${name}_zh`, length).notNullable().defaultTo('');
  t.string(`${name}_en`, length).notNullable().defaultTo('');
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('website_configs', (t) => {
    t.integer('conference_id').unsigned().primary().references('id').inTable('conferences').onDelete('CASCADE');
    bilingual(t, 'conference_name', 300);
    bilingual(t, 'first_title', 300);
    bilingual(t, 'second_title', 300);
    bilingual(t, 'third_title', 300);
    bilingual(t, 'short_title', 100);
    bilingual(t, 'department', 300);
    bilingual(t, 'city', 100);
    bilingual(t, 'venue', 300);
    // An optional label for the register button; empty means 报名参会 / Register.
    bilingual(t, 'register_label', 40);
    t.string('language_type', 1).notNullable().defaultTo('3');
    t.string('banner', 500).notNullable().defaultTo('');
    t.string('cover_image_url', 500).notNullable().defaultTo('');
    t.string('website_record_number', 100).notNullable().defaultTo('');
    t.integer('exterior_id').unsigned().nullable();
    t.integer('template_zh_home_page_id').unsigned().nullable();
    t.integer('template_en_home_page_id').unsigned().nullable();
    t.integer('discipline_id').unsigned().nullable();
    t.string('start_date', 10).nullable();
    t.string('end_date', 10).nullable();
    t.text('contacts').nullable();
    t.text('feedback_types').nullable();
    // Bumped on every edit of anything a public page is built from; part of the page cache key.
    t.integer('content_version').notNullable().defaultTo(1);
    t.datetime('updated_at', { precision: 3 }).notNullable();
  });
  await knex.schema.createTable('exteriors', (t) => {
    t.increments('id').primary();
    t.integer('conference_id').unsigned().notNullable().references('id').inTable('conferences').onDelete('CASCADE');
    t.string('name', 20).notNullable();
    t.string('thumbnail', 500).notNullable().defaultTo('');
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('updated_at', { precision: 3 }).notNullable();
    t.index(['conference_id']);
  });
  await knex.schema.createTable('pages', (t) => {
    t.increments('id').primary();
    t.integer('conference_id').unsigned().notNullable().references('id').inTable('conferences').onDelete('CASCADE');
    t.integer('exterior_id').unsigned().nullable().references('id').inTable('exteriors').onDelete('SET NULL');
    // 'PAGE' | 'TEMPLATE'
    t.string('type', 8).notNullable();
    // for TEMPLATE: 'page' (a page template) or 'common' (the outer frame)
    t.string('template_kind', 8).nullable();
    t.string('name', 100).notNullable();
    t.string('lang', 2).nullable();
    t.text('html', 'mediumtext').notNullable();
    t.text('css', 'mediumtext').nullable();
    t.string('css_path', 500).nullable();
    // a PAGE's page template, or a page template's common template
    t.integer('template_id').unsigned().nullable();
    t.boolean('is_mobile').notNullable().defaultTo(false);
    t.integer('related_mobile_page_id').unsigned().nullable();
    // 'pc' | 'mobile' | 'both' | null: which device a template is the default for
    t.string('default_for', 8).nullable();
    t.boolean('need_to_login').notNullable().defaultTo(false);
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('updated_at', { precision: 3 }).notNullable();
    t.index(['conference_id', 'type']);
  });
  await knex.schema.createTable('menus', (t) => {
    t.increments('id').primary();
    t.integer('conference_id').unsigned().notNullable().references('id').inTable('conferences').onDelete('CASCADE');
    t.string('lang', 2).notNullable();
    t.integer('parent_id').unsigned().nullable();
    t.string('title', 100).notNullable();
    t.string('icon', 200).notNullable().defaultTo('');
    t.integer('sort').notNullable().defaultTo(0);
    t.boolean('new_window').notNullable().defaultTo(false);
    t.integer('page_id').unsigned().nullable();
    t.string('href', 1000).nullable();
    t.boolean('published').notNullable().defaultTo(true);
    t.index(['conference_id', 'lang']);
  });
  await knex.schema.createTable('conference_modules', (t) => {
    t.integer('conference_id').unsigned().notNullable().references('id').inTable('conferences').onDelete('CASCADE');
    // 'register' | 'submission' | 'hotel' | ...
    t.string('module', 32).notNullable();
    t.boolean('enabled').notNullable().defaultTo(true);
    t.primary(['conference_id', 'module']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['conference_modules', 'menus', 'pages', 'exteriors', 'website_configs']) {
    await knex.schema.dropTableIfExists(table);
  }
}
