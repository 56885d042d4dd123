/**
 * The mail feature's tables, typed for knex (`db('mail_outbox')` yields a `MailRow`), as the
 * database stores them; the declarations merge into knex's one `Tables` interface (pattern:
 * server/platform/tables.ts).
 */
import type { MailRow } from './repo';
import type { TemplateRow } from './templatesRepo';
import type { ConfigRow } from './smtpRepo';
import type { BudgetDayRow } from './budgetRepo';

declare module 'knex/types/tables' {
  interface Tables {
    mail_outbox: MailRow;
    mail_templates: TemplateRow;
    mail_configs: ConfigRow;
    mail_budget_days: BudgetDayRow;
  }
}
