import { addRoleAction } from "~/features/accounts/roles-api.server";
import { methodNotAllowed } from "~/lib/http.server";

export const action = addRoleAction;
export const loader = () => methodNotAllowed(["POST"]);
