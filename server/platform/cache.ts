/**
 * In-process caches plus the invalidation bus. Entries are keyed by conference so that an edit
 * of one conference drops only its entries. With Redis, the drop is published so that every
 * instance drops it too; without Redis the bus is a local emitter.
 */
import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import { logger, warnAtMostEvery10s } from './logger';
import type { IdentityDrop } from './changes';

const CHANNEL = 'conference-platform:invalidate';
/** the message on CHANNEL that drops every conference's entries (platform data shown on every site) */
const EVERY_CONFERENCE = '*';
/** a person's or a session's identity changed: "u:<userId>" or "s:<sessionId>" */
const IDENTITY_CHANNEL = 'conference-platform:identity';
/** a cache of one kind (a topic) is stale for one conference: "<topic>:<conferenceId>" (the overview's figures) */
const TOPIC_CHANNEL = 'conference-platform:topic';

function parseIdentityDrop(message: string): IdentityDrop | null {
  if (message.startsWith('s:') && message.length > 2) return { sessionId: message.slice(2) };
  const userId = message.startsWith('u:') ? Number(message.slice(2)) : NaN;
  return Number.isSafeInteger(userId) ? { userId } : null;
}

export class ConferenceCache<V> {
  private readonly entries = new Map<number, Map<string, V>>();
  constructor(private readonly maxPerConference = 500) {}

  get(conferenceId: number, key: string): V | undefined {
    return this.entries.get(conferenceId)?.get(key);
  }

  set(conferenceId: number, key: string, value: V): void {
    let bucket = this.entries.get(conferenceId);
    if (!bucket) this.entries.set(conferenceId, (bucket = new Map()));
    // A bounded bucket: drop the oldest entry rather than grow without limit.
    if (bucket.size >= this.maxPerConference) bucket.delete(bucket.keys().next().value as string);
    bucket.set(key, value);
  }

  dropConference(conferenceId: number): void {
    this.entries.delete(conferenceId);
  }

  clear(): void {
    this.entries.clear();
  }

  size(): number {
    let n = 0;
    for (const bucket of this.entries.values()) n += bucket.size;
    return n;
  }
}

type Listener = (conferenceId: number) => void;

/** Tells every instance that a conference's site inputs changed. */
export class InvalidationBus {
  private readonly local = new EventEmitter();
  private publisher?: Redis;
  private subscriber?: Redis;

  static async create(redisUrl?: string): Promise<InvalidationBus> {
    const bus = new InvalidationBus();
    if (redisUrl) await bus.connect(redisUrl);
    return bus;
  }

  private async connect(redisUrl: string): Promise<void> {
    this.publisher = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
    this.subscriber = new Redis(redisUrl, { lazyConnect: true });
    // While Redis is away ioredis reconnects by itself; its errors are logged, at most every 10 s.
    const warn = warnAtMostEvery10s('Redis (cache invalidation) is unreachable: reconnecting');
    this.publisher.on('error', warn);
    this.subscriber.on('error', warn);
    await Promise.all([this.publisher.connect(), this.subscriber.connect()]);
    await this.subscriber.subscribe(CHANNEL, IDENTITY_CHANNEL, TOPIC_CHANNEL);
    this.subscriber.on('message', (channel, message) => {
      if (channel === TOPIC_CHANNEL) {
        const at = message.lastIndexOf(':');
        const conferenceId = Number(message.slice(at + 1));
        if (at > 0 && Number.isInteger(conferenceId)) this.local.emit(`topic:${message.slice(0, at)}`, conferenceId);
        return;
      }
      if (channel === IDENTITY_CHANNEL) {
        const drop = parseIdentityDrop(message);
        if (drop) this.local.emit('identity', drop);
        return;
      }
      if (message === EVERY_CONFERENCE) return void this.local.emit('dropAll');
      const conferenceId = Number(message);
      if (Number.isInteger(conferenceId)) this.local.emit('drop', conferenceId);
    });
    // Redis back after a loss (ioredis reconnects and subscribes again by itself): the notices
    // published meanwhile never arrived, so this instance drops everything it cached rather than
    // serve what another instance changed. The first 'ready' has passed before this listener.
    this.subscriber.on('ready', () => {
      logger.warn('Redis is back: every cache of this instance is dropped (notices may have been missed)');
      this.local.emit('missed');
    });
  }

  /** Redis came back after a loss: drop every entry (notices may have been missed). */
  onNoticesMissed(listener: () => void): void {
    this.local.on('missed', listener);
  }

  get usesRedis(): boolean {
    return Boolean(this.publisher);
  }

  /** Readiness (platform/health.ts): Redis answers, when there is one. */
  async ping(): Promise<void> {
    await this.publisher?.ping();
  }

  onDrop(listener: Listener): void {
    this.local.on('drop', listener);
  }

  /** Drops locally at once, then tells the other instances (which includes this one again). */
  async conferenceChanged(conferenceId: number): Promise<void> {
    this.local.emit('drop', conferenceId);
    await this.publish(CHANNEL, String(conferenceId));
  }

  /** Every conference's cached pages (not their sites' data): platform data they show changed. */
  onDropAll(listener: () => void): void {
    this.local.on('dropAll', listener);
  }

  async everyConferenceChanged(): Promise<void> {
    this.local.emit('dropAll');
    await this.publish(CHANNEL, EVERY_CONFERENCE);
  }

  onIdentityDrop(listener: (drop: IdentityDrop) => void): void {
    this.local.on('identity', listener);
  }

  /** A person's or a session's cached identity is dropped here at once, then on the other instances. */
  async identityChanged(drop: IdentityDrop): Promise<void> {
    this.local.emit('identity', drop);
    await this.publish(IDENTITY_CHANNEL, 'userId' in drop ? `u:${drop.userId}` : `s:${drop.sessionId}`);
  }

  /**
   * A cache of its own kind (`topic`), apart from the conference's pages: dropping it must not
   * drop what attendees are served (the managers' overview is stale after every order).
   */
  onTopicDrop(topic: string, listener: Listener): void {
    this.local.on(`topic:${topic}`, listener);
  }

  async topicChanged(topic: string, conferenceId: number): Promise<void> {
    this.local.emit(`topic:${topic}`, conferenceId);
    await this.publish(TOPIC_CHANNEL, `${topic}:${conferenceId}`);
  }

  private async publish(channel: string, message: string): Promise<void> {
    if (!this.publisher) return;
    try {
      await this.publisher.publish(channel, message);
    } catch (err) {
      logger.error({ err, channel, message }, 'cache invalidation publish failed');
    }
  }

  async close(): Promise<void> {
    this.local.removeAllListeners();
    await Promise.all([this.publisher?.quit(), this.subscriber?.quit()]);
  }
}
