/** What the moderation feature hands to the publishable kinds' server code (articles, testimonials). */
export {
  publishing,
  type AdminListQuery,
  type EditInput,
  type Publishing,
  type PublishableTable,
  type PublishingKind,
} from "./publishing.server";
export { publishingApi } from "./api.server";
export { moderationPageAction, moderationPageData } from "./page.server";
