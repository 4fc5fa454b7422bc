import { removeRoleAction } from "~/features/accounts/roles-api.server";
import { methodNotAllowed } from "~/lib/http.server";

export const action = removeRoleAction;
export const loader = () => methodNotAllowed(["POST"]);
