/**
 * The typed event bus (DESIGN.md 2): how one feature reacts to another's change without reaching
 * into its tables. The feature that changes something raises an event with `emit(tx, …)` inside
 * its transaction; the handlers run right there, in registration order, with the same `tx`. So a
 * reaction is never lost (it commits with the change) and never half-applied (a handler that
 * throws rolls the whole change back, and the caller sees the error).
 *
 * Handlers therefore work through `tx` only: no read through `db` (on SQLite that waits for the
 * one connection this transaction holds), nothing outside the database (mail is an outbox row),
 * and they must be safe to run again, as the transaction helper retries deadlocks.
 *
 * The events and their payloads are declared in EventMap. A feature that raises a new event adds
 * it here, or from its own folder by declaration merging:
 *
 *   declare module '../../platform/events' {
 *     interface EventMap { 'order.paid': { conferenceId: number; orderId: number } }
 *   }
 */
import type { Tx } from '../db/index';

export interface EventMap {
  /** a person was registered for a conference (by themself or by a manager) */
  'registration.created': { conferenceId: number; registrantId: number; userId: number };
  /** a manager deleted a registrant */
  'registrant.deleted': { conferenceId: number; registrantId: number; userId: number };
}

export type EventName = keyof EventMap;

export type EventHandler<N extends EventName> = (tx: Tx, payload: Readonly<EventMap[N]>) => Promise<void> | void;

/** One handler for one event, as a feature declares it (see `handle`). */
export type Subscription = { [N in EventName]: { event: N; handler: EventHandler<N> } }[EventName];

/** A feature's handler, typed by its event: `handle('registration.created', async (tx, p) => …)`. */
export function handle<N extends EventName>(event: N, handler: EventHandler<N>): Subscription {
  return { event, handler } as Subscription;
}

export class EventBus {
  private readonly handlers = new Map<EventName, Array<EventHandler<never>>>();

  /** Adds a handler, run after those added before it; answers a function that removes it. */
  on<N extends EventName>(event: N, handler: EventHandler<N>): () => void {
    const list = this.handlers.get(event) ?? [];
    list.push(handler as EventHandler<never>);
    this.handlers.set(event, list);
    return () => {
      const at = list.indexOf(handler as EventHandler<never>);
      if (at >= 0) list.splice(at, 1);
    };
  }

  /** Adds the handlers a feature declares, in their order. */
  subscribe(subscriptions: readonly Subscription[]): void {
    for (const s of subscriptions) this.on(s.event, s.handler as EventHandler<typeof s.event>);
  }

  /**
   * Runs the event's handlers one after another inside the caller's transaction. A handler's
   * error is thrown to the caller, whose transaction then rolls back with everything done so far.
   */
  async emit<N extends EventName>(tx: Tx, event: N, payload: EventMap[N]): Promise<void> {
    for (const handler of [...(this.handlers.get(event) ?? [])]) await (handler as EventHandler<N>)(tx, payload);
  }
}
