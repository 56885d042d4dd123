/** Units: the platform's list of research institutions, kept by super admins, offered in forms. */
import { defineFeature } from '../../platform/feature';
import { unitApiRouter, unitPageRouter } from './routes';

export const unitsFeature = defineFeature({
  name: 'units',
  api: (deps) => [unitApiRouter(deps)],
  pages: (deps) => [unitPageRouter(deps)],
  adminMenu: [{ href: '/admin/units', labelKey: 'units:title', order: 40 }],
});
