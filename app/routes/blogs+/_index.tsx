import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Await, useLoaderData, useSearchParams, type ClientLoaderFunctionArgs } from "@remix-run/react";
import { Link } from "~/components/link";
import { Suspense } from "react";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { firm } from "~/config/firm";
import {
  articleFilter,
  listArticleCategories,
  listPublishedArticles,
  type ArticleCard as ArticleRow,
} from "~/features/articles/articles.server";
import { ArticleFilter, filterQuery } from "~/features/articles/components/article-filter";
import { AddContentLink } from "~/features/site/components/add-content-link";
import {
  ArticleCard,
  ArticleSkeletons,
  BLOG_EMPTY_TEXT,
  BLOG_FAILURE_TEXT,
} from "~/features/articles/components/article-card";
import { publicHeaders, publicPageHeaders } from "~/lib/http-cache.server";
import { siteLinks } from "~/features/site/site-links";
import { awaitable } from "~/lib/awaitable";
import { pageMeta, withStatusMeta } from "~/lib/meta";
import { pageNumber } from "~/lib/pagination";
import { readOrNull } from "~/lib/log.server";
import { NO_HYDRATION } from "~/lib/hydration";
import { SEARCH_MAX_LENGTH } from "~/lib/search.server";

type ArticleList = { items: ArticleRow[]; total: number; page: number; pages: number };

/** ?q= searches titles and summaries, ?category= narrows to one category (both bounded), ?page= pages. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const page = pageNumber(params.get("page"));
  const { q, category } = articleFilter(params);
  const headers = await publicPageHeaders(request, context);
  const [list, categories]: [ArticleList | null, string[] | null] = await Promise.all([
    readOrNull(listPublishedArticles(context.db, { page, q, category }), "articles list loader"),
    readOrNull(listArticleCategories(context.db), "article categories loader"),
  ]);
  const view: BlogView = {
    list,
    filter: { q: q ?? "", category: category ?? "", categories: categories ?? [], maxLength: SEARCH_MAX_LENGTH },
  };
  return data({ view }, { headers, status: list ? 200 : 503 });
}

type Filter = { q: string; category: string; categories: string[]; maxLength: number };
type BlogView = { list: ArticleList | null; filter: Filter };

/**
 * On a client-side navigation the page renders at once with the filter form as the URL asks and 4
 * skeleton cards, and the list streams in; the first load uses the server's HTML as it is.
 */
export function clientLoader({ serverLoader }: ClientLoaderFunctionArgs) {
  return { view: awaitable(serverLoader<typeof loader>().then((result) => result.view)) };
}

export const headers = publicHeaders;
export const links = siteLinks;

/**
 * Named and linked as the page shown: the loader's (a page past the end shows the last one); on a
 * client-side navigation, whose list is still loading, the page of the link followed.
 */
export const meta: MetaFunction = withStatusMeta(({ data, location }) => {
  const list = (data as { view?: { list?: unknown } } | undefined)?.view?.list;
  const page =
    list && typeof list === "object" && "page" in list && typeof list.page === "number"
      ? list.page
      : pageNumber(new URLSearchParams(location.search).get("page"));
  const base = location.pathname === "/blog" ? "/blog" : "/blogs";
  if (page > 1) {
    return pageMeta({
      title: `Legal Insights, Page ${page}`,
      description: `Page ${page} of the legal insights of ${firm.name}: articles on Indian law and practice.`,
      path: `/blogs?page=${page}`,
    });
  }
  return pageMeta({
    title: base === "/blog" ? "Legal Insights Blog" : "Legal Insights",
    description:
      base === "/blog"
        ? `The legal insights blog of ${firm.name}: practical articles on data protection, tax, disputes, licensing and employment law in India.`
        : `Articles on Indian law and practice by ${firm.teamLabel}: GST, data protection, arbitration, licensing, employment and real estate.`,
    path: "/blogs",
  });
});

export default function Blogs() {
  const { view } = useLoaderData() as { view: BlogView | Promise<BlogView> };
  const [params] = useSearchParams();
  // While a client-side navigation loads: the filter as the URL asks, its categories to come.
  const asked = articleFilterFromUrl(params);
  return (
    <div className="page">
      <div className="section-head">
        <div>
          <p className="eyebrow">From our lawyers</p>
          <h1>Legal Insights</h1>
        </div>
        <AddContentLink noun="Article" to="/admin/blogs" />
      </div>
      <Suspense
        fallback={
          <>
            <ArticleFilter {...asked} categories={[]} maxLength={100} />
            <ArticleSkeletons />
          </>
        }
      >
        <Await resolve={view} errorElement={<BlogFailure />}>
          {(resolved) => (
            <>
              <ArticleFilter {...resolved.filter} />
              {resolved.list ? <ArticleList list={resolved.list} filter={resolved.filter} /> : <BlogFailure />}
            </>
          )}
        </Await>
      </Suspense>
    </div>
  );
}

function articleFilterFromUrl(params: URLSearchParams) {
  return { q: params.get("q") ?? "", category: params.get("category") ?? "" };
}

function BlogFailure() {
  return (
    <p className="alert alert--error" role="alert">
      {BLOG_FAILURE_TEXT}
    </p>
  );
}

function ArticleList({ list, filter }: { list: ArticleList; filter: Filter }) {
  const filtered = Boolean(filter.q || filter.category);
  if (list.items.length === 0) {
    return filtered ? <p className="empty-state">{noMatchText(filter)}</p> : <p>{BLOG_EMPTY_TEXT}</p>;
  }
  return (
    <>
      {filtered ? (
        <p className="field__hint">
          {list.total === 1 ? "1 article" : `${list.total} articles`} found {matchText(filter)}.
        </p>
      ) : null}
      <div className="card-grid">
        {list.items.map((article, index) => (
          // The first row is above the fold: its covers load at once (they are the largest paint).
          <ArticleCard key={article.id} article={article} eager={index < 3} />
        ))}
      </div>
      {list.pages > 1 ? (
        <nav className="pager" aria-label="Legal insights pages">
          {list.page > 1 ? (
            <Link to={filterQuery(filter, list.page - 1)} rel="prev" className="button button--ghost">
              ← Previous page
            </Link>
          ) : null}
          <span className="pager__status">
            Page {list.page} of {list.pages}
          </span>
          {list.page < list.pages ? (
            <Link to={filterQuery(filter, list.page + 1)} rel="next" className="button button--ghost">
              Next page →
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}

/** 'for “gst” in Tax', as the filter is. */
function matchText({ q, category }: Filter) {
  return [q ? `for “${q}”` : "", category ? `in ${category}` : ""].filter(Boolean).join(" ");
}

function noMatchText(filter: Filter) {
  return `No articles found ${matchText(filter)}. Try other words or all categories.`;
}

// No React on a first visit: the islands bundle does the shell's few behaviours (app/lib/hydration.ts).
export const handle = NO_HYDRATION;

export const ErrorBoundary = RouteErrorBoundary;
