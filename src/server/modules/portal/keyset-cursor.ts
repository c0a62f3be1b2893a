/**
 * Opaque keyset cursors: the sort key of the last row a page returned, so the next page
 * starts right after it however many rows were added meanwhile (never OFFSET).
 */
import { isSupportedDate } from '../../../shared/dates/calendar-date';
import { isSupportedInstant } from '../../../shared/dates/date-schemas';
import { AppError } from '../../../shared/errors/app-error';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** created_at as the database prints it in UTC with microseconds ("2026-03-10T15:00:00.123456Z"). */
const timestampPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export interface EntryPosition {
  createdAt: string;
  id: string;
}

export interface NotePosition {
  startDate: string;
  id: string;
}

function encode(parts: string[]): string {
  return Buffer.from(parts.join('|'), 'utf8').toString('base64url');
}

function decode(cursor: string, expectedParts: number): string[] {
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (parts.length !== expectedParts) throw invalidCursor();
  return parts;
}

function invalidCursor(): AppError {
  return new AppError('bad_request', { message: 'Invalid cursor' });
}

export function encodeEntryCursor(position: EntryPosition): string {
  return encode([position.createdAt, position.id]);
}

export function decodeEntryCursor(cursor: string): EntryPosition {
  const [createdAt = '', id = ''] = decode(cursor, 2);
  if (!timestampPattern.test(createdAt) || !isSupportedInstant(createdAt) || !uuidPattern.test(id)) {
    throw invalidCursor();
  }
  return { createdAt, id };
}

export function encodeNoteCursor(position: NotePosition): string {
  return encode([position.startDate, position.id]);
}

export function decodeNoteCursor(cursor: string): NotePosition {
  const [startDate = '', id = ''] = decode(cursor, 2);
  if (!isSupportedDate(startDate) || !uuidPattern.test(id)) throw invalidCursor();
  return { startDate, id };
}
