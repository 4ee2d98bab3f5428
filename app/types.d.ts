import "@remix-run/node";

declare module "@remix-run/node" {
  interface AppLoadContext {
    cspNonce?: string;
  }
  // Single fetch's types: `useLoaderData<typeof loader>` is what turbo-stream delivers (Dates
  // stay Dates), not what JSON would.
  interface Future {
    v3_singleFetch: true;
  }
}
