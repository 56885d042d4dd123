/**
 * The process's entry (`npm start` runs its compiled form, dist/app/main.js; `npm run dev` this
 * file with tsx). The libraries' NODE_ENV is settled (environment.ts) before any of them loads:
 * everything else is imported only after it, because a bundle evaluates the packages it imports
 * before its own code, whatever the order of the import statements.
 */
import './environment';

try {
  const { start } = await import('./start');
  await start();
} catch (err) {
  const { logger } = await import('./platform/logger');
  logger.fatal({ err }, 'start failed');
  process.exit(1);
}
