/** The URL of a stored file: R2 keys are served under /uploads/, absolute URLs are used as they are. */
export function mediaUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  if (/^https?:\/\//i.test(value)) return value;
  return `/uploads/${value.replace(/^\/+/, "").replace(/^uploads\//, "")}`;
}

let shortDateFormat: Intl.DateTimeFormat | undefined;

/**
 * "12 Mar 2026": the short month format of docs/product.md#constants. One formatter for every
 * call (`toLocaleDateString` builds a new one each time: 2.5 % of the home page's render, one per
 * card; docs/decisions/092-render-cpu.md); the same text, "Invalid Date" included.
 */
export function shortDate(value: Date | string | number): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "Invalid Date";
  shortDateFormat ??= new Intl.DateTimeFormat("en-IN", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "Asia/Kolkata",
  });
  return shortDateFormat.format(date);
}

/** India's offset from UTC (no daylight saving), as ISO 8601 writes it and in milliseconds. */
export const INDIA_OFFSET = "+05:30";
const INDIA_OFFSET_MS = 330 * 60_000;

/**
 * A moment as India's clocks show it, in ISO form without an offset ("2026-11-27T20:37:40.123"): the one
 * conversion behind every India-time date field, form value and file cell. "" for no valid moment.
 */
export function indiaClock(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? "" : new Date(time + INDIA_OFFSET_MS).toISOString().slice(0, 23);
}

/** The day in India of a moment, as a date field's value ("2026-11-27"). */
export function dateInIndia(value: Date | string | number): string {
  return indiaClock(value).slice(0, 10);
}

/**
 * A moment as a datetime-local field shows it in India: to the minute, or to the second and millisecond
 * when it has them, so a form saved unchanged sends back the very same moment.
 */
export function dateTimeInIndia(value: Date | string | number): string {
  return indiaClock(value)
    .replace(/\.000$/, "")
    .replace(/:00$/, "");
}

/** A datetime-local value ("2026-11-27T09:15", seconds optional) as that moment in India; null otherwise. */
export function momentInIndia(text: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(text)) return null;
  const date = new Date(`${text}${INDIA_OFFSET}`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A date field's value ("2026-11-27") as the moment that day starts in India; null when it is no such date. */
export function startOfDayInIndia(day: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const date = new Date(`${day}T00:00:00${INDIA_OFFSET}`);
  return Number.isNaN(date.getTime()) || dateInIndia(date) !== day ? null : date;
}
