import { messageOf } from '../data/messageOf.js';

/**
 * The text a thrown value tells the model: an Error's message, or a thrown
 * string itself. Never throws; never empty (`fallback` stands in).
 *
 * // (new Error('WEATHER_API_KEY is not set'), '…') => 'WEATHER_API_KEY is not set'
 * // ('rate limited', '…')                          => 'rate limited'
 */
export function thrownMessage(error: unknown, fallback: string): string {
  const message = typeof error === 'string' ? error : messageOf(error);
  return message.trim() === '' ? fallback : message;
}
