/** What the services feature hands to other features (the sitemap). */
export { listServices } from "./services.server";
