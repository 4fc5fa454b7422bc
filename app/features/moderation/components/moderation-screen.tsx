import type { SubmissionResult } from "@conform-to/react";
import { useActionData, useSearchParams } from "@remix-run/react";
import { Link } from "~/components/link";
import type { ReactNode } from "react";
import { ListSearch } from "~/components/list-search";
import { Notices, useFormKey, useSavedNotice } from "~/components/forms";
import { DeleteConfirmation, useTrashNotice } from "~/components/moderation";
import { ItemTable, type ItemColumn } from "~/components/item-table";
import type { RecordsActionData } from "~/components/records-screen";
import { Pager } from "~/components/pager";
import { PUBLICATION_STATUSES } from "../../../../db/enums";

/** What a publishable kind's management screen says: its nouns, messages and the non-admin's prompt. */
export type ModerationTexts = {
  /** "article", "testimonial" (and their plurals): every notice and empty state is made from them. */
  singular: string;
  plural: string;
  /** The saved notice's opening, e.g. "Article" ('Article “X” updated.') or "Testimonial of". */
  savedWhat: string;
  messages: { confirmDelete: string; empty: string; pending: string };
  /** Beside the New button, for someone who may only submit. */
  newPrompt: string;
};

export type { ItemColumn };

type ScreenData<R> = {
  isAdmin: boolean;
  lists: { pending: R[]; all: { items: R[]; page: number; pages: number } } | null;
  q: string;
  status: string;
  editing: R | null;
  deleting: R | null;
  saved: { name: string; href: string | null } | null;
};

export type ModerationActionData = RecordsActionData;

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The `?done=` notices (a save whose notice names the item is a SavedNotice instead). */
function doneMessages({ singular, messages }: ModerationTexts): Record<string, string> {
  const noun = capitalize(singular);
  return {
    submitted: messages.pending,
    published: `${noun} published.`,
    updated: `${noun} updated.`,
    deleted: `${noun} moved to the trash.`,
    approved: `${noun} approved and published.`,
    rejected: `${noun} rejected.`,
  };
}

/** Saves whose notice names the item. */
const SAVED_VERB: Record<string, string> = { published: "published", updated: "updated" };

/**
 * The management screen of a publishable kind (/admin/blogs, /admin/testimonials): the outcome
 * notices, the no-JavaScript delete confirmation, the form (always for a moderator; behind New for
 * anyone else), then for a moderator the review queue and every item, searched, filtered and paged.
 */
export function ModerationScreen<R extends { id: string }>({
  title,
  basePath,
  texts,
  data,
  columns,
  nameOf,
  actionLabel,
  form,
}: {
  title: string;
  basePath: string;
  texts: ModerationTexts;
  data: ScreenData<R>;
  columns: ItemColumn<R>[];
  /** How the delete confirmation names an item. */
  nameOf: (row: R) => string;
  /** How an item's buttons name it for screen readers. */
  actionLabel: (row: R) => string;
  form: (props: { formKey: string; editing: R | null; lastResult?: SubmissionResult<string[]> }) => ReactNode;
}) {
  const { isAdmin, lists, editing, deleting, saved, q, status } = data;
  const filtered = q !== "" || status !== "";
  const actionData = useActionData<ModerationActionData>();
  const [params] = useSearchParams();
  const done = useSavedNotice({ what: texts.savedWhat, saved, verbs: SAVED_VERB, messages: doneMessages(texts) });
  const trashNotice = useTrashNotice(`${capitalize(texts.singular)} moved to the trash.`);
  const formKey = useFormKey(editing?.id);
  const showForm = isAdmin || params.get("new") === "1" || Boolean(actionData?.result);
  const plural = capitalize(texts.plural);
  const table = (items: R[], caption: string, pending?: boolean) => (
    <ItemTable
      items={items}
      columns={columns}
      caption={caption}
      pending={pending}
      actionLabel={actionLabel}
      confirmDelete={texts.messages.confirmDelete}
    />
  );
  return (
    <div className="page">
      <h1>{title}</h1>
      {trashNotice}
      <Notices success={trashNotice ? null : done} error={actionData?.message} />
      {deleting ? (
        <DeleteConfirmation
          id={deleting.id}
          label={nameOf(deleting)}
          message={texts.messages.confirmDelete}
          cancelTo={basePath}
        />
      ) : null}
      {showForm ? (
        form({ formKey, editing, lastResult: actionData?.result })
      ) : (
        <p>
          <Link className="button button--primary" to="?new=1">
            New
          </Link>{" "}
          {texts.newPrompt}
        </p>
      )}
      {lists ? (
        <>
          <h2>Awaiting review</h2>
          {lists.pending.length === 0 ? (
            <p className="empty-state">
              {q ? `No ${texts.singular} awaiting review matches this search.` : "Nothing awaits review."}
            </p>
          ) : (
            table(lists.pending, `${plural} awaiting review`, true)
          )}
          <h2>All {texts.plural}</h2>
          <ListSearch
            label={`Search ${texts.plural}`}
            q={q}
            status={status}
            statuses={PUBLICATION_STATUSES}
            name={texts.plural}
          />
          {lists.all.items.length === 0 ? (
            <p className="empty-state">{filtered ? `No ${texts.plural} match these filters.` : texts.messages.empty}</p>
          ) : (
            table(lists.all.items, `All ${texts.plural}`)
          )}
          <Pager page={lists.all.page} pages={lists.all.pages} />
        </>
      ) : null}
    </div>
  );
}
