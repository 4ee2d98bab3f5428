// @ts-check
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import prettier from "eslint-config-prettier";
import globals from "globals";

export default tseslint.config(
  {
    ignores: [
      "node_modules",
      "build",
      "public/build",
      ".cache",
      ".data",
      "db/migrations",
      "test-results",
      "playwright-report",
      "tests/.tmp",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
    },
  },
  {
    // The app imports the same way as the tests: ~/ for app, #db/ for db;
    // a relative path only below the importing file's own folder.
    files: ["app/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^\\.\\./",
              message:
                "Import through ~/ (app) or #db/ (db), not ../ (docs/decisions/0058).",
            },
          ],
        },
      ],
    },
  },
  {
    // Playwright fixtures and Vitest helpers use `use`/`use*` names that are not React hooks.
    files: ["tests/**"],
    rules: {
      "react-hooks/rules-of-hooks": "off",
      "no-empty-pattern": "off",
      // One import scheme: ~/ for app, #db/ for db, #tests/ for tests;
      // a relative path only below the importing file's own folder.
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^\\.\\./",
              message:
                "Import through ~/ (app), #db/ (db) or #tests/ (tests), not ../ (docs/decisions/0058).",
            },
          ],
        },
      ],
    },
  },
  prettier,
);
