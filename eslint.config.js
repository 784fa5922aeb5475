import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "**/dist/**",
      "**/node_modules/**",
      "apps/api/drizzle/**",
      "test-results/**",
      "data/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-console": ["error", { allow: ["warn", "error"] }],
    },
  },
  {
    files: ["apps/web/src/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Every cache update after a write is a named function in lib/cache-updates.ts (decision 008).
    files: ["apps/web/src/**/*.{ts,tsx}"],
    ignores: ["apps/web/src/lib/cache-updates.ts", "apps/web/src/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "CallExpression[callee.property.name=/^(invalidate|setData|setInfiniteData|invalidateQueries|resetQueries)$/]",
          message: "Update the query cache through a named function in lib/cache-updates.ts.",
        },
      ],
    },
  },
  {
    files: [
      "**/test/**",
      "**/e2e/**",
      "**/*.test.{ts,tsx}",
      "scripts/**",
      "**/bench/**",
      "apps/api/src/db/cli.ts",
    ],
    rules: { "no-console": "off" },
  },
);
