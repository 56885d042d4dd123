/**
 * The ordered list of migrations. Imported statically (not read from the folder) so that
 * tsx, vitest and a bundled server all run exactly the same list. Never edit a landed one.
 */
import type { Knex } from 'knex';
import * as m001 from './001_platform';
import * as m002 from './002_sites';
import * as m003 from './003_mail';
import * as m004 from './004_accounts';
import * as m005 from './005_site_management';
import * as m008 from './008_page_editing';
import * as m009 from './009_registration';
import * as m010 from './010_documents';
import * as m011 from './011_units';
import * as m012 from './012_mail_bulk';
import * as m013 from './013_conference_mail';
import * as m014 from './014_feedback_notices';
import * as m015 from './015_session_handoffs';
import * as m016 from './016_mail_budget';
import * as m017 from './017_upload_budgets';
import * as m018 from './018_job_leases';
import * as m019 from './019_fees';
import * as m020 from './020_payments';
import * as m021 from './021_orders';
import * as m022 from './022_receipts';
import * as m023 from './023_gateways';
import * as m024 from './024_hotels';
import * as m025 from './025_submissions';
import * as m026 from './026_review';
import * as m027 from './027_reviewers';
import * as m028 from './028_mail_phone';
import * as m029 from './029_registration_changes';
import * as m030 from './030_declared_conflicts';
import * as m031 from './031_page_counterparts';
import * as m032 from './032_notice_reads';
import * as m033 from './033_user_language';
import * as m034 from './034_ended_reviews';
import * as m035 from './035_work_items';
import * as m036 from './036_book_in_store';
import * as m038 from './038_fee_categories';
import * as m039 from './039_submission_fee';
import * as m040 from './040_hotel_rules';
import * as m042 from './042_personal_data';
import * as m043 from './043_checkin';
import * as m045 from './045_overview_indexes';
import * as m046 from './046_old_books_dropped';
import * as m047 from './047_programme';
import * as m048 from './048_review_deadline';
import * as m049 from './049_order_lines_and_maintenance';
import * as m050 from './050_order_log';

type Migration = { up(knex: Knex): Promise<void>; down(knex: Knex): Promise<void> };

const migrations: Record<string, Migration> = {
  '001_platform': m001,
  '002_sites': m002,
  '003_mail': m003,
  '004_accounts': m004,
  '005_site_management': m005,
  '008_page_editing': m008,
  '009_registration': m009,
  '010_documents': m010,
  '011_units': m011,
  '012_mail_bulk': m012,
  '013_conference_mail': m013,
  '014_feedback_notices': m014,
  '015_session_handoffs': m015,
  '016_mail_budget': m016,
  '017_upload_budgets': m017,
  '018_job_leases': m018,
  '019_fees': m019,
  '020_payments': m020,
  '021_orders': m021,
  '022_receipts': m022,
  '023_gateways': m023,
  '024_hotels': m024,
  '025_submissions': m025,
  '026_review': m026,
  '027_reviewers': m027,
  '028_mail_phone': m028,
  '029_registration_changes': m029,
  '030_declared_conflicts': m030,
  '031_page_counterparts': m031,
  '032_notice_reads': m032,
  '033_user_language': m033,
  '034_ended_reviews': m034,
  '035_work_items': m035,
  '036_book_in_store': m036,
  '038_fee_categories': m038,
  '039_submission_fee': m039,
  '040_hotel_rules': m040,
  '042_personal_data': m042,
  '043_checkin': m043,
  '045_overview_indexes': m045,
  '046_old_books_dropped': m046,
  '047_programme': m047,
  '048_review_deadline': m048,
  '049_order_lines_and_maintenance': m049,
  '050_order_log': m050,
};

export const migrationSource: Knex.MigrationSource<string> = {
  // Sorted by name, which starts with the number, whatever order they are listed in above.
  getMigrations: async () => Object.keys(migrations).sort(),
  getMigrationName: (name) => name,
  getMigration: async (name) => migrations[name],
};
