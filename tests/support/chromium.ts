import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/**
 * Which Chromium the end-to-end tests drive, looked for in this order: CHROMIUM_PATH, the
 * system's Chromium or Chrome, then Playwright's own download (`npx playwright install
 * chromium`). Where none exists and the tests run as root on Debian, Debian's `chromium`
 * package is installed; otherwise the run stops with one line saying what to install.
 * (docs/decisions/0053-chromium-for-end-to-end-tests.md)
 */
export type ChromiumSource =
  "CHROMIUM_PATH" | "system" | "Playwright" | "installed";
export type Chromium = { path: string; source: ChromiumSource };

/** What the finder looks at; tests give their own. */
export type Machine = {
  env: Record<string, string | undefined>;
  platform: NodeJS.Platform;
  /** Where Playwright keeps its own Chromium (it may not be there). */
  playwrightChromium: () => string | null;
  isRoot: boolean;
  isDebian: boolean;
  /** Installs Debian's chromium package; true when apt-get succeeded. */
  installDebianChromium: () => boolean;
};

export const NO_CHROMIUM =
  "No Chromium found for the end-to-end tests: install one (Debian/Ubuntu: apt-get install chromium; anywhere: npx playwright install chromium) or set CHROMIUM_PATH to a Chrome or Chromium executable.";

const SYSTEM_NAMES = [
  "chromium",
  "chromium-browser",
  "google-chrome",
  "google-chrome-stable",
];

const SYSTEM_PATHS: Partial<Record<NodeJS.Platform, string[]>> = {
  linux: [
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/snap/bin/chromium",
  ],
  darwin: [
    "/Applications/Chromium.app/Contents/MacOS/Chromium",
    "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
  ],
  win32: [
    "C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe",
    "C:\\Program Files (x86)\\Google\\Chrome\\Application\\chrome.exe",
  ],
};

export function isExecutable(file: string): boolean {
  try {
    if (!fs.statSync(file).isFile()) return false;
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(env: Machine["env"], platform: NodeJS.Platform): string | null {
  const dirs = (env.PATH ?? "").split(path.delimiter).filter(Boolean);
  const suffixes = platform === "win32" ? [".exe", ""] : [""];
  for (const name of SYSTEM_NAMES)
    for (const dir of dirs)
      for (const suffix of suffixes) {
        const candidate = path.join(dir, name + suffix);
        if (isExecutable(candidate)) return candidate;
      }
  return null;
}

/** The Chromium already on this machine, or null. */
export function findChromium(
  machine: Machine,
): Chromium | { error: string } | null {
  const given = machine.env.CHROMIUM_PATH;
  if (given) {
    return isExecutable(given)
      ? { path: given, source: "CHROMIUM_PATH" }
      : { error: `CHROMIUM_PATH=${given} is not an executable file.` };
  }
  const system =
    onPath(machine.env, machine.platform) ??
    (SYSTEM_PATHS[machine.platform] ?? []).find(isExecutable);
  if (system) return { path: system, source: "system" };
  const playwright = machine.playwrightChromium();
  if (playwright && isExecutable(playwright))
    return { path: playwright, source: "Playwright" };
  return null;
}

/** The Chromium to use, installing Debian's where that is possible; else the one line to show. */
export function chromiumOrInstall(
  machine: Machine,
): Chromium | { error: string } {
  const found = findChromium(machine);
  if (found) return found;
  if (machine.isRoot && machine.isDebian && machine.installDebianChromium()) {
    const installed = findChromium(machine);
    if (installed && "path" in installed)
      return { path: installed.path, source: "installed" };
  }
  return { error: NO_CHROMIUM };
}

/** This machine, as the finder sees it. */
export function thisMachine(playwrightChromium: () => string | null): Machine {
  return {
    env: process.env,
    platform: process.platform,
    playwrightChromium,
    isRoot: process.getuid?.() === 0,
    isDebian: fs.existsSync("/etc/debian_version"),
    installDebianChromium: () => {
      try {
        execFileSync("apt-get", ["--version"], { stdio: "ignore" });
      } catch {
        return false;
      }
      console.log(
        "No Chromium found: installing Debian's chromium package (apt-get install chromium).",
      );
      const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
      const update = spawnSync("apt-get", ["update", "-qq"], {
        stdio: "inherit",
        env,
      });
      if (update.status !== 0) return false;
      const install = spawnSync(
        "apt-get",
        ["install", "-y", "-qq", "chromium"],
        { stdio: ["ignore", "ignore", "inherit"], env },
      );
      return install.status === 0;
    },
  };
}
