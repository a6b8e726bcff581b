/**
 * Dates of the catalogue (special price windows) as instants. Two spellings arrive: ISO 8601 and VSF1's
 * Magento 'YYYY-MM-DD HH:mm:ss'. A date or date-time without a zone is the shop's wall-clock time in Sofia,
 * so a promotion "until 2026-03-31" ends at midnight in Bulgaria whatever zone the server runs in; an explicit
 * zone ('Z', '+02:00') is taken as written.
 */
export const SHOP_TIME_ZONE = 'Europe/Sofia';

/** Which end of a window a date bounds: a date alone starts its day as 'from' and covers its whole day as 'to'. */
export type DateEdge = 'from' | 'to';

export interface WallTime {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  readonly ms: number;
}

const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterFor = (timeZone: string): Intl.DateTimeFormat => {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
};

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The instant a month's last Sunday starts, UTC (month 0-11). */
const lastSundayUtc = (year: number, month: number): number => {
  const lastDay = Date.UTC(year, month + 1, 0);
  return lastDay - new Date(lastDay).getUTCDay() * DAY_MS;
};

/**
 * Sofia's offset by the EU's rule, which Bulgaria has kept since 1997: UTC+2, and UTC+3 from 01:00 UTC on the last
 * Sunday of March to 01:00 UTC on the last Sunday of October. Null outside 1997-2037, where the zone data is Intl's
 * to give. Why by hand: the first Intl.DateTimeFormat with a time zone loads the zone data, about 110 ms of a slow
 * phone's main thread in the first render of a listing with special prices (tests/unit/catalog holds the rule equal
 * to Intl's zone data for every hour of those years).
 */
export const sofiaOffsetByHand = (instant: number): number | null => {
  const year = new Date(instant).getUTCFullYear();
  if (!(year >= 1997 && year <= 2037)) return null;
  const summerFrom = lastSundayUtc(year, 2) + HOUR_MS;
  const summerTo = lastSundayUtc(year, 9) + HOUR_MS;
  return instant >= summerFrom && instant < summerTo ? 3 * HOUR_MS : 2 * HOUR_MS;
};

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
const zoneOffsetAt = (instant: number, timeZone: string): number => {
  const byHand = timeZone === SHOP_TIME_ZONE ? sofiaOffsetByHand(instant) : null;
  if (byHand !== null) return byHand;
  return zoneOffsetByIntl(instant, timeZone);
};

/** The same from Intl's zone data (the by-hand rule's oracle in tests/unit/catalog). */
export const zoneOffsetByIntl = (instant: number, timeZone: string): number => {
  const part = (type: string, parts: Intl.DateTimeFormatPart[]) => Number(parts.find((p) => p.type === type)?.value);
  const parts = formatterFor(timeZone).formatToParts(new Date(instant));
  const wallAsUtc = Date.UTC(
    part('year', parts),
    part('month', parts) - 1,
    part('day', parts),
    part('hour', parts),
    part('minute', parts),
    part('second', parts),
  );
  return wallAsUtc - (instant - (((instant % 1000) + 1000) % 1000));
};

const utcOf = (t: WallTime): number => Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second, t.ms);

/** The instant a wall-clock time in a zone names (a time skipped by a DST change lands an hour later). */
export const instantOfWallTime = (wall: WallTime, timeZone: string = SHOP_TIME_ZONE): number => {
  const asUtc = utcOf(wall);
  const firstGuess = asUtc - zoneOffsetAt(asUtc, timeZone);
  return asUtc - zoneOffsetAt(firstGuess, timeZone);
};

const isRealDate = (t: WallTime): boolean => {
  const d = new Date(utcOf(t));
  return (
    d.getUTCFullYear() === t.year &&
    d.getUTCMonth() === t.month - 1 &&
    d.getUTCDate() === t.day &&
    t.hour < 24 &&
    t.minute < 60 &&
    t.second < 60
  );
};

const offsetMs = (zone: string): number => {
  if (zone.toUpperCase() === 'Z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0')) * 60_000;
};

/**
 * The instant a window bound stands for, or null when the text is no date this shop understands.
 * A 'to' bound with no time of day, or with exactly 00:00:00 and no zone (how Magento stores its date
 * attributes), includes that whole day: its instant is the day's last millisecond.
 */
export const dateBoundInstant = (text: string, edge: DateEdge, timeZone: string = SHOP_TIME_ZONE): number | null => {
  const match = DATE_TIME.exec(text.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s, frac, zone] = match;
  const wall: WallTime = {
    year: Number(y),
    month: Number(mo),
    day: Number(d),
    hour: Number(h ?? 0),
    minute: Number(mi ?? 0),
    second: Number(s ?? 0),
    ms: Number((frac ?? '0').padEnd(3, '0').slice(0, 3)),
  };
  if (!isRealDate(wall)) return null;
  if (zone !== undefined) return utcOf(wall) - offsetMs(zone);
  const wholeDay = wall.hour === 0 && wall.minute === 0 && wall.second === 0 && wall.ms === 0;
  if (edge === 'to' && wholeDay) {
    const nextDay = { ...wall, day: wall.day + 1 };
    return instantOfWallTime(nextDay, timeZone) - 1;
  }
  return instantOfWallTime(wall, timeZone);
};
