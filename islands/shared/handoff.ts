/**
 * The account forms inside a conference's page run on the platform origin, in a frame
 * (docs/accounts.md). These helpers are their side of the conversation with the frame's owner:
 * the frame's height, and, after a successful sign-in, the conference's hand-over address.
 */
import { useEffect } from 'react';
import type { Handoff } from '../../server/contract/accounts';

/** Where the sign-in goes: the conference's origin, the browser's state there, the page after (the server's shape). */
export type { Handoff };

export const FRAME_MESSAGE = 'conference-platform:account-frame';

export type FrameMessage = { type: typeof FRAME_MESSAGE; height?: number; navigate?: string };

function tell(handoff: Handoff, message: Omit<FrameMessage, 'type'>): void {
  // Addressed to the conference's origin only; it holds no secret beyond that conference.
  window.parent?.postMessage({ type: FRAME_MESSAGE, ...message } satisfies FrameMessage, handoff.origin);
}

/** Keeps the frame as tall as the form (messages, errors and all). */
export function useFrameHeight(handoff: Handoff | null | undefined): void {
  useEffect(() => {
    if (!handoff || window.parent === window) return;
    // The body, not the document: the document is at least as tall as the frame already is.
    const report = () => tell(handoff, { height: Math.ceil(document.body.getBoundingClientRect().height) + 2 });
    report();
    const observer = new ResizeObserver(report);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [handoff]);
}

/**
 * Sends the whole window (not the frame) to the conference's hand-over address. A cross-origin
 * frame may navigate the top window after the person's click; where a browser refuses, the
 * frame's owner (islands/AccountFrame) is asked to do it.
 */
export function goToConference(handoff: Handoff, url: string): void {
  if (!url.startsWith(`${handoff.origin}/`)) return;
  try {
    window.top!.location.href = url;
  } catch {
    tell(handoff, { navigate: url });
  }
}

/** A link of the form to another account page of the conference, out of the frame. */
export function conferenceHref(handoff: Handoff | null | undefined, path: string): string {
  return handoff ? `${handoff.origin}${path}` : path;
}
