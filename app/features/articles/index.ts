/** What the articles feature hands to other features' browser code. */
export { articleCoverPath, COVER_HEIGHT, COVER_WIDTH } from "./cover";
