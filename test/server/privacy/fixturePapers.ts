/**
 * The privacy fixture's person as an author, a reviewer and a correspondent (fixture.ts calls it):
 * their own manuscript with a co-author and a co-author's naming them in conference a; a reviewer
 * profile with a review in b; feedback with an attachment; mail to them and about them.
 */
import type { Harness } from '../../helpers/harness';
import { now, put } from './fixtureRows';

export async function papersAndMail(
  h: Harness,
  who: { email: string; name: string; phone: string },
  userId: number,
  conferences: [number, number],
  coAuthor: { email: string; userId: number },
): Promise<void> {
  const db = h.db;
  const [a, b] = conferences;
  // Their own manuscript (with a co-author) and a co-author's naming them.
  const session = await put(db, 'submission_sessions', {
    conference_id: a,
    title_zh: '分会',
    title_en: 'Session',
    prefix: 'S',
    sort: 0,
    last_seq: 0,
  });
  const manuscript = await h.files.save(a, userId, 'manuscript', 'paper.txt', Buffer.from('the abstract file'));
  const own = await put(db, 'submissions', {
    conference_id: a,
    user_id: userId,
    number: `S${userId}1`,
    title: 'On erasure',
    session_id: session,
    abstract: 'We study forgetting.',
    keywords: 'privacy',
    abstract_file: manuscript.name,
    full_text_file: '',
    status: 'submitted',
    active: true,
    lang: 'en',
    submitted_at: now(),
    updated_at: now(),
  });
  await put(db, 'submission_authors', {
    conference_id: a,
    submission_id: own,
    position: 0,
    name: who.name.split(' ')[0],
    surname: who.name.split(' ').slice(1).join(' '),
    email: who.email,
    phone: who.phone,
    country: 'China',
    company: 'Institute of Tests',
    corresponding: true,
  });
  await put(db, 'submission_authors', {
    conference_id: a,
    submission_id: own,
    position: 1,
    name: 'Co',
    surname: 'Author',
    email: coAuthor.email,
    phone: '100',
    country: 'France',
    company: 'Other Lab',
    corresponding: false,
  });
  const theirs = await put(db, 'submissions', {
    conference_id: a,
    user_id: coAuthor.userId,
    number: `S${userId}2`,
    title: 'With a friend',
    session_id: session,
    abstract: 'Joint work.',
    keywords: 'joint',
    abstract_file: '',
    full_text_file: '',
    status: 'submitted',
    active: true,
    lang: 'en',
    submitted_at: now(),
    updated_at: now(),
  });
  await put(db, 'submission_authors', {
    conference_id: a,
    submission_id: theirs,
    position: 0,
    name: 'Co',
    surname: 'Author',
    email: coAuthor.email,
    phone: '100',
    country: 'France',
    company: 'Other Lab',
    corresponding: true,
  });
  await put(db, 'submission_authors', {
    conference_id: a,
    submission_id: theirs,
    position: 1,
    name: who.name.split(' ')[0],
    surname: who.name.split(' ').slice(1).join(' '),
    email: who.email,
    phone: who.phone,
    country: 'China',
    company: 'Institute of Tests',
    corresponding: false,
  });
  await put(db, 'submission_history', {
    conference_id: a,
    submission_id: own,
    to_status: 'submitted',
    by: 'author',
    actor_id: userId,
    actor: who.name,
    note: '',
    created_at: now(),
  });

  // A reviewer in b, with a review of a manuscript of b.
  const sessionB = await put(db, 'submission_sessions', {
    conference_id: b,
    title_zh: '分会',
    title_en: 'Session',
    prefix: 'T',
    sort: 0,
    last_seq: 0,
  });
  const reviewed = await put(db, 'submissions', {
    conference_id: b,
    user_id: coAuthor.userId,
    number: `T${userId}1`,
    title: 'Reviewed',
    session_id: sessionB,
    abstract: 'x',
    keywords: 'x',
    abstract_file: '',
    full_text_file: '',
    status: 'submitted',
    active: true,
    lang: 'en',
    submitted_at: now(),
    updated_at: now(),
  });
  const reviewer = await put(db, 'reviewers', {
    conference_id: b,
    email: who.email,
    user_id: userId,
    active: true,
    last_name: 'x',
    middle_name: '',
    first_name: 'x',
    full_name: who.name,
    unit: 'Institute of Tests',
    phone: who.phone,
    country: 'China',
    direction: 'privacy',
    lang: 'en',
    invited_at: now(),
  });
  await put(db, 'reviews', {
    conference_id: b,
    submission_id: reviewed,
    reviewer_id: reviewer,
    state: 'submitted',
    scores: '[4]',
    answers: '{}',
    opinion: 'accept',
    comment: 'A good paper.',
    assigned_at: now(),
    updated_at: now(),
    submitted_at: now(),
  });

  const attachment = await h.files.save(
    a,
    userId,
    'feedback',
    'question.txt',
    Buffer.from(`question from ${who.name}`),
  );
  await put(db, 'feedback', {
    conference_id: a,
    user_id: userId,
    title: 'Visa',
    name: who.name,
    email: who.email,
    phone: who.phone,
    type: 'Registration',
    content: 'When do letters come?',
    attachment_file_id: attachment.id,
    created_at: now(),
  });

  // Mail: a code to them alone, a bulk message with them among others, a manager's notice naming them.
  await put(db, 'mail_outbox', {
    conference_id: null,
    to_address: who.email,
    subject: 'Your code',
    text_body: 'Your code is 123456',
    status: 'sent',
    attempts: 1,
    next_attempt_at: now(),
    created_at: now(),
  });
  await put(db, 'mail_outbox', {
    conference_id: a,
    to_address: '',
    bcc_address: `other@example.org, ${who.email}`,
    subject: 'News',
    text_body: 'Dear all',
    status: 'sent',
    attempts: 1,
    next_attempt_at: now(),
    created_at: now(),
  });
  await put(db, 'mail_outbox', {
    conference_id: a,
    to_address: 'manager@example.org',
    subject: `New registration: ${who.name}`,
    text_body: `${who.name} <${who.email}> registered`,
    html_body: `<p>${who.name} registered</p>`,
    status: 'sent',
    attempts: 1,
    next_attempt_at: now(),
    created_at: now(),
  });
}
