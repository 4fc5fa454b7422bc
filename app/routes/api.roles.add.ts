import { roleChangeAction } from "~/features/accounts/roles-api.server";
import { addRole } from "~/features/accounts/roles.server";
import { methodNotAllowed } from "~/lib/http.server";

export const action = roleChangeAction(addRole);
export const loader = () => methodNotAllowed(["POST"]);
