"use client";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { LoadingBlock } from "@/components/ui/spinner";
import { DocsLinks } from "./docs-links";
import { IntroCard } from "./intro-card";

const ASSETS = "/developers/api/assets";

declare global {
  interface Window {
    SwaggerUIBundle?: (options: Record<string, unknown>) => unknown;
  }
}

/**
 * /developers/api: the OpenAPI document (GET /api/openapi.json) rendered by Swagger UI, loaded from
 * Cohost itself. The script is added by this component, whose own code the CSP trusts by nonce, so
 * 'strict-dynamic' lets it load; "Try it out" calls the API with the signed-in session.
 */
export function ApiReference() {
  const t = useTranslations("developers");
  const target = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");

  useEffect(() => {
    let cancelled = false;
    const css = Object.assign(document.createElement("link"), { rel: "stylesheet", href: `${ASSETS}/swagger-ui.css` });
    document.head.append(css);
    const render = () => {
      if (cancelled || !window.SwaggerUIBundle || !target.current) return;
      window.SwaggerUIBundle({ url: "/api/openapi.json", domNode: target.current, validatorUrl: null, deepLinking: true, tryItOutEnabled: false, withCredentials: true });
      setState("ready");
    };
    let script = document.querySelector<HTMLScriptElement>(`script[src="${ASSETS}/swagger-ui-bundle.js"]`);
    if (window.SwaggerUIBundle) render();
    else {
      if (!script) {
        script = Object.assign(document.createElement("script"), { src: `${ASSETS}/swagger-ui-bundle.js`, async: true });
        document.head.append(script);
      }
      script.addEventListener("load", render, { once: true });
      script.addEventListener("error", () => !cancelled && setState("failed"), { once: true });
    }
    return () => {
      cancelled = true;
      css.remove();
    };
  }, []);

  return (
    <div className="flex flex-col gap-4">
      <DocsLinks back={t("backToDevelopers")} other={{ href: "/developers/guide/quickstart", label: t("openGuide") }} />
      <IntroCard text={t("referenceIntro")}>
        <a href="/api/openapi.json" className="text-sm font-medium text-primary hover:underline dark:text-[var(--text)]">
          {t("downloadDocument")}
        </a>
      </IntroCard>
      {state === "loading" && <LoadingBlock label={t("referenceLoading")} />}
      {state === "failed" && (
        <p role="alert" className="rounded-md bg-error/10 px-3 py-2 text-sm text-error-text">
          {t("referenceFailed")}
        </p>
      )}
      {/* Swagger UI has no dark theme: in ours its light surface is inverted (hues turned back), so
          it is no white block on a dark page (issue 31). */}
      <div ref={target} data-testid="api-reference" className="rounded-lg bg-white text-black dark:[filter:invert(0.9)_hue-rotate(180deg)]" />
    </div>
  );
}
