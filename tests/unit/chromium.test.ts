import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  chromiumOrInstall,
  findChromium,
  NO_CHROMIUM,
  type Machine,
} from "#tests/support/chromium";

// The end-to-end tests' Chromium finder, on a machine made of temporary folders: executables
// are real files, so what the finder checks (a file, executable) is what it checks for real.

let root: string;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "ga-chromium-"));
});

afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

function executable(relative: string, mode = 0o755): string {
  const file = path.join(root, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, "#!/bin/sh\n");
  fs.chmodSync(file, mode);
  return file;
}

/** A machine with nothing on it: an empty PATH, no Playwright download, not root. */
function machine(overrides: Partial<Machine> = {}): Machine {
  return {
    env: { PATH: path.join(root, "bin") },
    // No platform with well-known install folders: only PATH and the given paths count.
    platform: "aix",
    playwrightChromium: () => path.join(root, "ms-playwright/chrome"),
    isRoot: false,
    isDebian: false,
    installDebianChromium: () => {
      throw new Error("must not install");
    },
    ...overrides,
  };
}

test("CHROMIUM_PATH wins over everything else", () => {
  const given = executable("custom/chrome");
  executable("bin/chromium");
  executable("ms-playwright/chrome");
  const env = { PATH: path.join(root, "bin"), CHROMIUM_PATH: given };
  expect(findChromium(machine({ env }))).toEqual({
    path: given,
    source: "CHROMIUM_PATH",
  });
});

test("a CHROMIUM_PATH that is not an executable stops with one line", () => {
  const notExecutable = executable("custom/chrome", 0o644);
  for (const given of [notExecutable, path.join(root, "missing")]) {
    const found = chromiumOrInstall(
      machine({ env: { PATH: "", CHROMIUM_PATH: given }, isRoot: true }),
    );
    expect(found).toEqual({
      error: `CHROMIUM_PATH=${given} is not an executable file.`,
    });
  }
});

test("the system's Chromium or Chrome is found on PATH, its headless shell first", () => {
  const chrome = executable("bin/google-chrome");
  expect(findChromium(machine())).toEqual({ path: chrome, source: "system" });
  const chromium = executable("bin/chromium");
  expect(findChromium(machine())).toEqual({
    path: chromium,
    source: "system",
  });
  const shell = executable("bin/chromium-headless-shell");
  expect(findChromium(machine())).toEqual({ path: shell, source: "system" });
});

// Linux's usual places are real paths: checked where this machine has Chromium there.
const usualPlace = [
  "/usr/bin/chromium-headless-shell",
  "/usr/bin/chromium",
].find((file) => fs.existsSync(file));
test.skipIf(!usualPlace)(
  "the system's Chromium is found in its usual place off PATH, its headless shell first",
  () => {
    const found = findChromium(
      machine({ platform: "linux", env: { PATH: "" } }),
    );
    expect(found).toEqual({ path: usualPlace, source: "system" });
  },
);

test("Playwright's own download is used when there is no system one", () => {
  const downloaded = executable("ms-playwright/chrome");
  expect(findChromium(machine())).toEqual({
    path: downloaded,
    source: "Playwright",
  });
});

test("as root on Debian with none, Debian's headless shell is installed and used", () => {
  let installs = 0;
  const found = chromiumOrInstall(
    machine({
      isRoot: true,
      isDebian: true,
      installDebianChromium: () => {
        installs++;
        executable("bin/chromium-headless-shell");
        return true;
      },
    }),
  );
  expect(installs).toBe(1);
  expect(found).toEqual({
    path: path.join(root, "bin/chromium-headless-shell"),
    source: "installed",
  });
});

test("as root on Debian with a whole browser only, the headless shell is installed; the browser is kept when that fails", () => {
  const browser = executable("bin/chromium");
  const debianRoot = { isRoot: true, isDebian: true };
  expect(
    chromiumOrInstall(
      machine({ ...debianRoot, installDebianChromium: () => false }),
    ),
  ).toEqual({ path: browser, source: "system" });
  // Not root, or not Debian: the browser, and nothing installed (the default machine throws).
  expect(chromiumOrInstall(machine({ isDebian: true }))).toEqual({
    path: browser,
    source: "system",
  });
  expect(chromiumOrInstall(machine({ isRoot: true }))).toEqual({
    path: browser,
    source: "system",
  });
  expect(
    chromiumOrInstall(
      machine({
        ...debianRoot,
        installDebianChromium: () => {
          executable("bin/chromium-headless-shell");
          return true;
        },
      }),
    ),
  ).toEqual({
    path: path.join(root, "bin/chromium-headless-shell"),
    source: "installed",
  });
  // Found, it is used as it is: nothing is installed again.
  expect(chromiumOrInstall(machine(debianRoot))).toEqual({
    path: path.join(root, "bin/chromium-headless-shell"),
    source: "system",
  });
});

test("an explicit CHROMIUM_PATH to a whole browser is used as it is", () => {
  const given = executable("custom/chrome");
  const env = { PATH: path.join(root, "bin"), CHROMIUM_PATH: given };
  expect(
    chromiumOrInstall(machine({ env, isRoot: true, isDebian: true })),
  ).toEqual({ path: given, source: "CHROMIUM_PATH" });
});

test("without a way to install, the run stops with one line saying what to install", () => {
  for (const who of [
    { isRoot: false, isDebian: true },
    { isRoot: true, isDebian: false },
    { isRoot: true, isDebian: true, installDebianChromium: () => false },
  ])
    expect(chromiumOrInstall(machine(who))).toEqual({ error: NO_CHROMIUM });
  expect(NO_CHROMIUM).not.toContain("\n");
  expect(NO_CHROMIUM).toMatch(/apt-get install chromium/);
  expect(NO_CHROMIUM).toMatch(/npx playwright install chromium/);
  expect(NO_CHROMIUM).toMatch(/CHROMIUM_PATH/);
});
