import { FilterButtons, FilterSelect, SearchField } from "~/components/list-search";

/**
 * The search and category filter above the public list: a GET form, so the filter is in the URL, works
 * without JavaScript and is answered (and cached) as any page; the paging links keep it (`filterQuery`).
 */
export function ArticleFilter({
  q,
  category,
  categories,
  maxLength,
}: {
  q: string;
  /** The longest search the server reads (SEARCH_MAX_LENGTH). */
  maxLength: number;
  category: string;
  /** The categories with published articles; one asked for in the URL but not among them is kept as a choice. */
  categories: readonly string[];
}) {
  const options = category && !categories.includes(category) ? [...categories, category] : categories;
  return (
    <form method="get" role="search" className="list-filters article-filter" aria-label="Search the legal insights">
      <SearchField list="articles" label="Search articles" q={q} maxLength={maxLength} />
      <FilterSelect
        list="articles"
        name="category"
        label="Category"
        value={category}
        all="All categories"
        options={options}
      />
      <FilterButtons submit="Search" filtered={Boolean(q || category)} clearTo="?" />
    </form>
  );
}

/** The query of a page of the list with this filter (`?q=…&category=…&page=2`): what paging links keep. */
export function filterQuery({ q, category }: { q: string; category: string }, page = 1): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (category) params.set("category", category);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `?${query}` : "?";
}
