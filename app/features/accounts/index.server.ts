/** What the accounts feature hands to other features (approving a teacher adds the email to the teacher role). */
export { listRoles, roleGrantStatements } from "./roles.server";
