// The navigation's icon sprite (public/nav-icons.svg), made from lucide-react's own icon data
// for the names in app/components/layout/nav-icon.tsx. `npx tsx tests/support/nav-icons.ts`
// writes it; tests/unit/nav-icons.test.ts fails when the committed file differs.
import fs from "node:fs";
import path from "node:path";
import url from "node:url";
import { NAV_ICONS } from "~/components/layout/nav-icon";

type IconNode = [string, Record<string, string>][];

const root = path.resolve(
  path.dirname(url.fileURLToPath(import.meta.url)),
  "../..",
);
export const SPRITE_FILE = path.join(root, "public/nav-icons.svg");

const escape = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** The sprite's text: one <symbol> per icon, its shapes as lucide-react has them. */
export async function navIconSprite(): Promise<string> {
  const symbols: string[] = [];
  for (const name of NAV_ICONS) {
    const module = (await import(`lucide-react/dist/esm/icons/${name}.js`)) as {
      __iconNode: IconNode;
    };
    const shapes = module.__iconNode
      .map(([tag, attributes]) => {
        const attrs = Object.entries(attributes)
          .filter(([key]) => key !== "key")
          .map(([key, value]) => ` ${key}="${escape(value)}"`)
          .join("");
        return `<${tag}${attrs}/>`;
      })
      .join("");
    symbols.push(`<symbol id="${name}" viewBox="0 0 24 24">${shapes}</symbol>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join("\n")}\n</svg>\n`;
}

if (
  process.argv[1] &&
  path.resolve(process.argv[1]) === url.fileURLToPath(import.meta.url)
) {
  fs.writeFileSync(SPRITE_FILE, await navIconSprite());
  console.log(`Wrote ${path.relative(root, SPRITE_FILE)}`);
}
