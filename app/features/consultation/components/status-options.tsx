import { STATUSES } from "../schema";

/** The options of a request's status select (the inbox's status filter is a FilterSelect over STATUSES). */
export function StatusOptions() {
  return (
    <>
      {STATUSES.map((status) => (
        <option key={status} value={status}>
          {status}
        </option>
      ))}
    </>
  );
}
