/** What the moderation feature hands to the publishable kinds' pages: the shared screen and form. */
export {
  ModerationScreen,
  type ItemColumn,
  type ModerationActionData,
  type ModerationTexts,
} from "./components/moderation-screen";
export { PublishableForm, type ImageTexts } from "./components/publishable-form";
export { withEditFields } from "./schema";
