/**
 * A person's export (issue 32): everything the platform holds about them, across every
 * conference, as a zip: `about.json` (when, who, which parts), one `<part>.json` per feature part
 * (platform/personalData.ts) and the person's files under `files/<part>/`. Heavy work of the
 * person's own (platform/work, conference 0): one at a time per person (routes.ts), one at a time
 * on the platform among all persons' exports (the runner's per-conference bound), kept an hour for
 * its download and then swept.
 */
import { PassThrough } from 'node:stream';
import archiver from 'archiver';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import type { DataSubject, PersonalDataPart } from '../../platform/personalData';
import type { WorkKind } from '../../platform/work/index';
import { accountsByIds } from '../accounts/index';
import type { Db } from '../../db/index';

export const EXPORT_KIND = 'privacy.export';

const params = z.object({ userId: z.number().int().positive() });

/** A path inside the zip from a name a person chose: no folders, no leading dots. */
export function safeEntryName(name: string): string {
  const cleaned = [...name]
    .map((c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? '_' : c))
    .join('')
    .replace(/^\.+/, '_')
    .slice(0, 150);
  return cleaned || 'file';
}

export function exportKind(db: Db, parts: () => readonly PersonalDataPart[]): WorkKind<z.infer<typeof params>> {
  return {
    name: EXPORT_KIND,
    params,
    run: async (ctx, p) => {
      // The parameters name the person (so that two persons' exports never share a work key); the asker must be them.
      if (p.userId !== ctx.userId) throw new AppError(403, 'commonMsg.forbidden');
      const account = (await accountsByIds(db, [p.userId])).get(p.userId);
      if (!account) throw new AppError(404, 'privacy:personNotFound');
      const subject: DataSubject = { userId: p.userId, email: account.email, name: account.trueName };
      const list = [...parts()].sort((a, b) => a.name.localeCompare(b.name));
      const zip = archiver('zip', { zlib: { level: 6 } });
      const out = new PassThrough();
      const chunks: Buffer[] = [];
      out.on('data', (c: Buffer) => chunks.push(c));
      const ended = new Promise<void>((resolve, reject) => {
        out.once('end', resolve);
        zip.once('error', reject);
      });
      zip.pipe(out);
      const files: Record<string, string[]> = {};
      for (const [i, part] of list.entries()) {
        if (ctx.signal.aborted) throw new AppError(503, 'work:interrupted');
        ctx.progress(i, list.length + 1, 'work:stage.reading');
        const section = await part.export(subject);
        zip.append(JSON.stringify(section.data, null, 2), { name: `${part.name}.json` });
        const taken = new Set<string>();
        for (const file of section.files ?? []) {
          // Read one at a time: a person's files are bounded by their uploads, but never all in memory at once.
          const bytes = await file.read();
          if (!bytes) continue;
          let name = safeEntryName(file.path);
          for (let n = 2; taken.has(name); n++) name = `${n}-${safeEntryName(file.path)}`;
          taken.add(name);
          zip.append(bytes, { name: `files/${part.name}/${name}` });
          (files[part.name] ??= []).push(name);
        }
      }
      ctx.progress(list.length, list.length + 1, 'work:stage.zipping');
      const about = {
        exportedAt: new Date().toISOString(),
        account: { id: subject.userId, email: subject.email, name: subject.name },
        parts: list.map((p) => p.name),
        files,
      };
      zip.append(JSON.stringify(about, null, 2), { name: 'about.json' });
      await zip.finalize();
      await ended;
      const day = new Date().toISOString().slice(0, 10);
      return { file: { name: `my-data-${day}.zip`, contentType: 'application/zip', bytes: Buffer.concat(chunks) } };
    },
  };
}
