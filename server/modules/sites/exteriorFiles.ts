/** The built-in exteriors (templates/exteriors/<name>): what a new conference and the demo seed start from. */
import fs from 'node:fs';
import path from 'node:path';
import { BUILT_IN_EXTERIORS, type BuiltInExterior } from '../../contract/siteConfig';
import type { SiteSpec, TemplateSpec } from './provision';

const TEMPLATE_FILES: Record<string, string> = {
  common: 'common',
  page: 'page',
  home: 'home',
  mobileCommon: 'mobile-common',
  mobilePage: 'mobile-page',
};

export function readIfExists(file: string): string | undefined {
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
}

/** The built-in appearances with their names and thumbnails, in their order. */
export function builtInExteriors(templatesDir: string): BuiltInExterior[] {
  return BUILT_IN_EXTERIORS.map((key) => {
    const meta = JSON.parse(fs.readFileSync(path.join(templatesDir, 'exteriors', key, 'exterior.json'), 'utf8')) as {
      name: string;
      nameZh?: string;
    };
    return { key, name: meta.name, nameZh: meta.nameZh ?? meta.name, thumbnail: `/banner/${key}-thumb.png` };
  });
}

export function loadExterior(templatesDir: string, name: string): SiteSpec['exterior'] {
  const dir = path.join(templatesDir, 'exteriors', name);
  const meta = JSON.parse(fs.readFileSync(path.join(dir, 'exterior.json'), 'utf8')) as { name: string };
  const templates: Record<string, TemplateSpec> = {};
  for (const [key, file] of Object.entries(TEMPLATE_FILES)) {
    const html = readIfExists(path.join(dir, `${file}.html`));
    if (html !== undefined) templates[key] = { html, css: readIfExists(path.join(dir, `${file}.css`)) };
  }
  return { name: meta.name, thumbnail: `/banner/${name}-thumb.png`, templates };
}
