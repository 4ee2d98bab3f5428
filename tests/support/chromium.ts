import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/**
 * Which Chromium the end-to-end tests drive, looked for in this order: CHROMIUM_PATH, the
 * system's Chromium headless shell, the system's Chromium or Chrome, then Playwright's own
 * download (`npx playwright install chromium`). The headless shell is Chromium's engine without
 * the browser around it, what Playwright itself drives for headless runs, and the suite takes
 * 40 % less time on it. Where the tests run as root on Debian and no headless shell was found,
 * Debian's `chromium-headless-shell` package is installed; where nothing at all was found and
 * that is not possible, the run stops with one line saying what to install.
 */
type ChromiumSource = "CHROMIUM_PATH" | "system" | "Playwright" | "installed";
export type Chromium = { path: string; source: ChromiumSource };

/** What the finder looks at; tests give their own. */
export type Machine = {
  env: Record<string, string | undefined>;
  platform: NodeJS.Platform;
  /** Where Playwright keeps its own Chromium (it may not be there). */
  playwrightChromium: () => string | null;
  isRoot: boolean;
  isDebian: boolean;
  /** Installs Debian's Chromium headless shell; true when apt-get succeeded. */
  installDebianChromium: () => boolean;
};

export const NO_CHROMIUM =
  "No Chromium found for the end-to-end tests: install one (Debian: apt-get install chromium-headless-shell; Debian/Ubuntu: apt-get install chromium; anywhere: npx playwright install chromium) or set CHROMIUM_PATH to a Chrome or Chromium executable.";

/** Chromium's headless shells, by the names their packages give them. */
const HEADLESS_SHELLS = ["chromium-headless-shell", "chrome-headless-shell"];
const SYSTEM_NAMES = [
  ...HEADLESS_SHELLS,
  "chromium",
  "chromium-browser",
  "google-chrome",
  "google-chrome-stable",
];

const SYSTEM_PATHS: Partial<Record<NodeJS.Platform, string[]>> = {
  linux: [
    "/usr/bin/chromium-headless-shell",
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

/** Whether an executable is one of Chromium's headless shells. */
export function isHeadlessShell(file: string): boolean {
  const name = path.basename(file).replace(/\.exe$/, "");
  return HEADLESS_SHELLS.includes(name);
}

/**
 * The Chromium to use, installing Debian's headless shell where that is possible and none was
 * found (a whole browser found is kept when the install fails); else the one line to show.
 */
export function chromiumOrInstall(
  machine: Machine,
): Chromium | { error: string } {
  const found = findChromium(machine);
  if (found && ("error" in found || found.source === "CHROMIUM_PATH"))
    return found;
  if (found && isHeadlessShell(found.path)) return found;
  if (machine.isRoot && machine.isDebian && machine.installDebianChromium()) {
    const installed = findChromium(machine);
    if (installed && "path" in installed && isHeadlessShell(installed.path))
      return { path: installed.path, source: "installed" };
  }
  return found ?? { error: NO_CHROMIUM };
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
        "No Chromium headless shell found: installing Debian's (apt-get install chromium-headless-shell).",
      );
      const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
      const install = () =>
        spawnSync(
          "apt-get",
          ["install", "-y", "-qq", "chromium-headless-shell"],
          { stdio: ["ignore", "ignore", "ignore"], env },
        ).status === 0;
      // The package lists a machine already has are tried first; then fresh ones.
      if (install()) return true;
      const update = spawnSync("apt-get", ["update", "-qq"], {
        stdio: "inherit",
        env,
      });
      return update.status === 0 && install();
    },
  };
}
