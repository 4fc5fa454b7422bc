/** How the quiz pages and CSVs write an option's letter and a length of time (pure: server and browser). */

/** The letter of an option by its index in the order shown (0 is A). */
export const optionLetter = (index: number) => String.fromCharCode(65 + index);

/** A length of time as "3 min 5 s" (whole seconds). */
export function formatDuration(ms: number) {
  const seconds = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}
