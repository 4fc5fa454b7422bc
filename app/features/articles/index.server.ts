/** What the articles feature hands to other features (the sitemap and the home page's list). */
export { listPublishedArticles, listPublishedArticleUrls } from "./articles.server";
