import { STATUSES } from "../schema";

/** The options of a request-status select; `all` adds a first, empty "any status" choice (filters). */
export function StatusOptions({ all }: { all?: string }) {
  return (
    <>
      {all === undefined ? null : <option value="">{all}</option>}
      {STATUSES.map((status) => (
        <option key={status} value={status}>
          {status}
        </option>
      ))}
    </>
  );
}
