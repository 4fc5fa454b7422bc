import type { SubmissionResult } from "@conform-to/react";
import { useActionData } from "@remix-run/react";
import type { ComponentType, ReactNode } from "react";
import { Notices, useFormKey, useRecordNotice, type SavedItem } from "~/components/forms";
import { DeleteConfirmation, useTrashNotice } from "~/components/moderation";

/** What a records screen's action answers when it does not redirect: the form's reply, or a message. */
export type RecordsActionData = { result?: SubmissionResult<string[]>; message?: string };

/** A records screen's form: a new record's (with its one-time token) or the edited record's. */
export type RecordFormProps<E> = { formToken: string; editing: E | null; lastResult?: SubmissionResult<string[]> };

/** The notices of a save whose notice names the record, as the action's `?done=` says them (the default: added, updated). */
const SAVED_VERBS: Record<string, string> = { added: "added", updated: "updated" };

/**
 * The frame of a staff records screen (/admin/founders, /admin/services, /admin/images; its data
 * comes from app/lib/records-page.server.ts): the heading and `intro`, the notice after a save or
 * delete (or the action's error), the no-JavaScript delete confirmation, the form, then the list
 * (`children`).
 */
export function RecordsScreen<E extends { id: string }, D extends { id: string }>({
  id,
  title,
  intro,
  basePath,
  notice: { what, verbs = SAVED_VERBS, deleted, trash = false },
  data: { formToken, editing, deleting, saved },
  nameOf,
  confirmDelete,
  form: RecordForm,
  children,
}: {
  /** The heading's id (the section is labelled by it). */
  id: string;
  title: string;
  intro?: ReactNode;
  basePath: string;
  /** The notices: what the saved record is ("Founder"), each save's verb, and the delete's message. */
  /** `trash`: a delete moves the record to the trash, so its notice offers Undo. */
  notice: { what: string; verbs?: Record<string, string>; deleted: string; trash?: boolean };
  data: { formToken: string; editing: E | null; deleting: D | null; saved: SavedItem | null };
  /** How the delete confirmation names the record. */
  nameOf: (row: D) => string;
  confirmDelete: string;
  form: ComponentType<RecordFormProps<E>>;
  children: ReactNode;
}) {
  const formKey = useFormKey(editing?.id);
  const actionData = useActionData<RecordsActionData>();
  const done = useRecordNotice({ what, verbs, deleted, saved });
  const undoable = useTrashNotice(deleted);
  const trashNotice = trash ? undoable : null;
  return (
    <section aria-labelledby={id}>
      <h1 id={id}>{title}</h1>
      {intro}
      {trashNotice}
      <Notices success={trashNotice ? null : done} error={actionData?.message} />
      {deleting ? (
        <DeleteConfirmation id={deleting.id} label={nameOf(deleting)} message={confirmDelete} cancelTo={basePath} />
      ) : null}
      <RecordForm key={formKey} formToken={formToken} editing={editing} lastResult={actionData?.result} />
      {children}
    </section>
  );
}
