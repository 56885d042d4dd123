/** A conference's own SMTP settings (`mail_configs`), one row per conference, the password sealed. */
import type { Db } from '../../db/index';

/** The settings as stored; booleans as the dialect gives them back. */
export type ConfigRow = {
  conference_id: number;
  email: string;
  password_enc: string;
  smtp_host: string;
  port: number;
  ssl: number | boolean;
  active: number | boolean;
  phone: string;
  updated_at: string;
};

export type ConfigColumns = Omit<ConfigRow, 'conference_id' | 'ssl' | 'active'> & { ssl: boolean; active: boolean };

export function configRow(db: Db, conferenceId: number): Promise<ConfigRow | undefined> {
  return db('mail_configs').where({ conference_id: conferenceId }).first();
}

export async function updateConfig(db: Db, conferenceId: number, values: ConfigColumns): Promise<void> {
  await db('mail_configs').where({ conference_id: conferenceId }).update(values);
}

export async function insertConfig(db: Db, conferenceId: number, values: ConfigColumns): Promise<void> {
  await db('mail_configs').insert({ conference_id: conferenceId, ...values });
}
