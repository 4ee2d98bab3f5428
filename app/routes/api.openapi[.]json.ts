import { openApiDocument } from "~/web/openapi.server";

// GET /api/openapi.json — the OpenAPI 3.1 document of the JSON API (public).
export async function loader() {
  return new Response(JSON.stringify(openApiDocument(), null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "public, max-age=300",
    },
  });
}
