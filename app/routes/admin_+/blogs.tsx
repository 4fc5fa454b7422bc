import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { articlePublishing } from "~/features/articles/article-editor.server";
import { ARTICLE_MESSAGES, ArticleFormSchema } from "~/features/articles/schema";
import { moderationPageAction, moderationPageData } from "~/features/moderation/index.server";
import { useItemForm } from "~/components/item-form";
import { TextArea, TextField } from "~/components/conform-fields";
import { ModerationScreen, PublishableForm } from "~/features/moderation";
import { dateTimeInIndia, shortDate } from "~/lib/media";
import { noindexPageMeta, withStatusMeta } from "~/lib/meta";

export const loader = (args: LoaderFunctionArgs) =>
  moderationPageData(args, articlePublishing, (row) => ({
    name: row.title,
    // Its public page once it is out (published, and its date has come).
    href: row.status === "published" && row.publishedAt.getTime() <= Date.now() ? `/blogs/${row.slug}` : null,
  }));

export const action = (args: ActionFunctionArgs) =>
  moderationPageAction(args, articlePublishing, {
    schema: ArticleFormSchema,
    basePath: "/admin/blogs",
    failed: { create: "Failed to create blog", update: "Failed to update blog" },
  });

export const meta: MetaFunction = withStatusMeta(() => noindexPageMeta({ title: "Manage Articles" }));

type Article = NonNullable<Awaited<ReturnType<typeof useLoaderData<typeof loader>>>["editing"]>;

function ArticleForm({
  formToken,
  editing,
  isAdmin,
  lastResult,
}: {
  editing: Article | null;
  isAdmin: boolean;
  lastResult?: SubmissionResult<string[]>;
  formToken: string;
}) {
  const [form, fields] = useItemForm(ArticleFormSchema, {
    idPrefix: "article",
    editing,
    lastResult,
    defaultValue: editing
      ? {
          title: editing.title,
          summary: editing.summary,
          highlight: editing.highlight,
          author: editing.author ?? "",
          category: editing.category ?? "",
          body: editing.body ?? "",
          slug: editing.slug,
          publishedAt: dateTimeInIndia(editing.publishedAt),
          imageUrl: editing.image?.startsWith("https://") ? editing.image : "",
        }
      : undefined,
  });
  return (
    <PublishableForm
      form={form}
      noun="article"
      editing={editing}
      formToken={formToken}
      image={{
        fileField: "image",
        current: "Current cover image",
        file: "Cover image (JPEG, PNG, WebP or GIF, up to 5 MB)",
        link: "…or an image link (https://)",
        remove: "Remove the cover image (the generated cover shows instead)",
      }}
      imageUrl={fields.imageUrl}
      removeImage={fields.removeImage}
      submitLabel={editing ? "Update article" : isAdmin ? "Publish article" : "Submit for review"}
      cancelTo="/admin/blogs"
    >
      <TextField field={fields.title} label="Title" />
      <TextArea field={fields.summary} label="Summary" />
      <TextArea field={fields.highlight} label="Highlight (a key quote)" rows={2} />
      <TextField field={fields.author} label="Author (optional)" />
      <TextField field={fields.category} label="Category (optional)" />
      <TextField
        field={fields.publishedAt}
        label="Publish on, India time (optional; a future date schedules it)"
        type="datetime-local"
        step="any"
      />
      {isAdmin ? <TextField field={fields.slug} label="Slug (optional; made from the title)" /> : null}
      <TextArea field={fields.body} label="Article text (optional, Markdown)" rows={10} />
    </PublishableForm>
  );
}

export default function ManageArticles() {
  const data = useLoaderData<typeof loader>();
  return (
    <ModerationScreen
      title="Manage Articles"
      basePath="/admin/blogs"
      texts={{
        singular: "article",
        plural: "articles",
        savedWhat: "Article",
        messages: ARTICLE_MESSAGES,
        newPrompt: "Submit a legal insight; the firm reviews it before it is published.",
      }}
      data={data}
      columns={[
        { header: "Title", cell: (article) => article.title },
        { header: "Status", cell: (article) => article.status },
        { header: "Date", cell: (article) => shortDate(article.publishedAt) },
      ]}
      nameOf={(article) => article.title}
      actionLabel={(article) => article.title}
      form={({ formKey, editing, lastResult }) => (
        <ArticleForm
          key={formKey}
          formToken={data.formToken}
          editing={editing}
          isAdmin={data.isAdmin}
          lastResult={lastResult}
        />
      )}
    />
  );
}

export const ErrorBoundary = RouteErrorBoundary;
