import { apiError } from "~/web/api.server";

// Any /api path no endpoint serves, with any method, signed in or not: a JSON 404 (not the
// signed-in layout's page, nor a redirect to sign in).
const notAnEndpoint = async () => apiError(404, "Not found");

export const loader = notAnEndpoint;
export const action = notAnEndpoint;
