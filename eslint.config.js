import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/** The roles; comparing a value with one of them outside app/lib/permissions.ts is a rule written twice. */
const ROLE_NAMES = "admin|teacher|client";
const ROLE_RULE_MESSAGE =
  "Ask the permissions module (app/lib/permissions.ts: can, isGrantedRole, strongestRole, …) instead of comparing roles here.";

/** Links come from app/components/link.tsx, which renders a plain <a> on a document that does not hydrate. */
const LINK_IMPORTS = {
  name: "@remix-run/react",
  importNames: ["Link", "NavLink"],
  message: "Import Link and NavLink from ~/components/link (a plain <a> on islands documents, decision 109).",
};

/**
 * Who is calling is asked through the guards of app/lib/permissions.server.ts only: reading the session
 * or the token directly skips the staff two-factor rule (docs/decisions/116-attack-review.md).
 */
const CALLER_IMPORTS = {
  group: ["~/lib/auth.server", "**/lib/auth.server", "./auth.server"],
  importNames: [
    "requireUser",
    "getOptionalUser",
    "getApiUser",
    "getApiUserWith",
    "requireApiUser",
    "requireApiUserWith",
  ],
  message:
    "Ask who is calling through the guards of ~/lib/permissions.server (the staff two-factor rule applies there).",
};

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".wrangler/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "bench/out/",
      "migrations/meta/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: "Read configuration through app/lib/env.server.ts.",
        },
        {
          selector: `BinaryExpression[operator=/^[!=]==?$/] > Literal[value=/^(${ROLE_NAMES})$/]`,
          message: ROLE_RULE_MESSAGE,
        },
      ],
      "no-restricted-imports": ["error", { paths: [LINK_IMPORTS], patterns: [CALLER_IMPORTS] }],
    },
  },
  {
    files: ["app/components/link.tsx"],
    rules: { "no-restricted-imports": "off" },
  },
  // Who may do what is decided in one place (docs/permissions.md): the role comparisons live there.
  {
    files: ["app/lib/permissions.ts", "app/**/*.test.ts", "app/**/*.test.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: "Read configuration through app/lib/env.server.ts.",
        },
      ],
    },
  },
  // The layers (docs/decisions/081-layers.md): app/lib is the platform and imports no feature or route;
  // a feature reaches another feature only through its index (index.ts, or index.server.ts for server code).
  {
    files: ["app/lib/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [LINK_IMPORTS],
          patterns: [
            {
              group: ["~/features", "~/features/**", "**/features/**", "~/routes/**", "**/routes/**"],
              message: "app/lib is the platform: it imports no feature or route (docs/decisions/081-layers.md).",
            },
            CALLER_IMPORTS,
          ],
        },
      ],
    },
  },
  {
    files: ["app/features/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [LINK_IMPORTS],
          patterns: [
            {
              group: ["~/features/*/*", "!~/features/*/index", "!~/features/*/index.server", "../../features/**"],
              message: "Reach another feature through its index.ts / index.server.ts (docs/decisions/081-layers.md).",
            },
            {
              group: ["~/routes/**", "**/routes/**"],
              message: "Features never import routes (docs/decisions/081-layers.md).",
            },
            CALLER_IMPORTS,
          ],
        },
      ],
    },
  },
  // The guards themselves read the caller directly.
  {
    files: ["app/lib/permissions.server.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [LINK_IMPORTS],
          patterns: [
            {
              group: ["~/features", "~/features/**", "**/features/**", "~/routes/**", "**/routes/**"],
              message: "app/lib is the platform: it imports no feature or route (docs/decisions/081-layers.md).",
            },
          ],
        },
      ],
    },
  },
  // The islands bundle (app/islands) is what a page that does not hydrate React loads: plain DOM code,
  // so React, Remix, React components and server modules never reach it (app/lib/hydration.ts).
  {
    files: ["app/islands/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [
                "react",
                "react-dom",
                "react-dom/*",
                "@remix-run/*",
                "@conform-to/react",
                "~/components/**",
                "**/*.server",
              ],
              message:
                "Islands are plain DOM code: no React, Remix, components or server modules (app/lib/hydration.ts).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["scripts/**", "bench/**", "tests/**", "**/*.node.test.ts", "*.config.*", "db/seed.ts", ".ci/**"],
    rules: { "no-restricted-syntax": "off" },
    languageOptions: {
      globals: {
        process: "readonly",
        console: "readonly",
        URL: "readonly",
        URLSearchParams: "readonly",
        Buffer: "readonly",
        setTimeout: "readonly",
        fetch: "readonly",
      },
    },
  },
);
