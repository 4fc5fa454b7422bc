import { roleChangeAction } from "~/features/accounts/roles-api.server";
import { removeRole } from "~/features/accounts/roles.server";
import { methodNotAllowed } from "~/lib/http.server";

export const action = roleChangeAction(removeRole);
export const loader = () => methodNotAllowed(["POST"]);
