import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { navIconSprite, SPRITE_FILE } from "#tests/support/nav-icons";
import { NAV_ICONS } from "~/components/layout/nav-icon";

describe("the navigation's icon sprite", () => {
  it("is lucide-react's drawing of every icon the navigation names (npx tsx tests/support/nav-icons.ts writes it)", async () => {
    expect(fs.readFileSync(SPRITE_FILE, "utf8")).toBe(await navIconSprite());
  });

  it("has a symbol for each name, and the sidebar draws no icon from JavaScript", () => {
    const sprite = fs.readFileSync(SPRITE_FILE, "utf8");
    for (const name of NAV_ICONS) expect(sprite).toContain(`id="${name}"`);
    const sidebar = fs.readFileSync(
      "app/components/layout/sidebar.tsx",
      "utf8",
    );
    expect(sidebar).not.toContain("lucide-react");
  });
});
