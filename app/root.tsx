// First: configure zod before any route module builds its schemas.
import "./lib/zod-config";
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "@remix-run/react";
import { useNonce } from "./components/nonce";
import { RouteErrorBoundary } from "./components/route-error-boundary";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { getSignedInIdentity } from "./lib/permissions.server";
import { useIslandsDocument } from "./components/islands-document";
// The islands bundle (app/islands) as its own hashed file in build/client/assets. `?url` alone would
// copy the .ts source untransformed; `?worker&url` makes Vite bundle the file on its own (TypeScript
// compiled, minified, its imports inlined, nothing shared with the Remix chunks) and give its URL,
// in development too. It is loaded as an ordinary module script, never as a worker.
import islandsUrl from "./islands/islands.ts?worker&url";
import appStylesHref from "./styles/app.css?url";
import { firm } from "./config/firm";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: appStylesHref },
  { rel: "icon", href: "/favicon.ico", sizes: "any" },
  // Feed readers find the articles' feed from any page (app/routes/blogs+/rss[.]xml.ts).
  { rel: "alternate", type: "application/rss+xml", href: "/blogs/rss.xml", title: `${firm.name}: Legal Insights` },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getSignedInIdentity(request, context);
  return {
    user: user ? { id: user.id, fullName: user.fullName, email: user.email, role: user.role } : null,
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const hydrate = !useIslandsDocument();
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#14213d" />
        <Meta />
        <Links />
      </head>
      <body>
        <SiteHeader user={data?.user ?? null} />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter />
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : (
          <script type="module" src={islandsUrl} nonce={nonce} />
        )}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export const ErrorBoundary = RouteErrorBoundary;
