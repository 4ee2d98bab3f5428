import type { Page } from "@playwright/test";

/**
 * Holds back every request matching `pattern` until the returned function is called: a page's
 * code arriving late, as on a slow network, to test what the page does before it hydrates.
 */
export async function holdRequests(
  page: Page,
  pattern: string | RegExp,
): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((done) => (release = done));
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
