/**
 * Two modes that `NODE_ENV` mixes up. The app's own (config.NODE_ENV, development unless set:
 * mail kept and shown locally, http links with the port) is the operator's choice. The libraries'
 * (React, antd, Vike) must match how the browser code was built: `npm start` serves the production
 * build, so they get production unless Vite's dev server runs. Otherwise Vike warns at the first
 * page ("the environment is set to be a development environment ... Vite isn't loaded", issue 18)
 * and antd renders development class names the production client does not use.
 *
 * Imported first by main.ts, before anything reads process.env.NODE_ENV; the app's mode is kept
 * in APP_NODE_ENV for loadConfig.
 */
export const APP_NODE_ENV = process.env.NODE_ENV;

if (process.env.VITE_DEV_SERVER !== 'true' && process.env.NODE_ENV !== 'test') process.env.NODE_ENV = 'production';
