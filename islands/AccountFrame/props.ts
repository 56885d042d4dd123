/** What the server hands the AccountFrame screen. Types only: the server imports this file, never the component (docs/development.md). */
export type AccountFrameProps = { src: string; title: string };
