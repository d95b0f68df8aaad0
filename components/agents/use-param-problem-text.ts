"use client";
import { useTranslations } from "next-intl";
import type { ParamProblem } from "@/lib/providers/param-problems";

/** Says an extra-parameter problem in the user's language (the API says the same in English). */
export function useParamProblemText(): (p: ParamProblem) => string {
  const t = useTranslations("agents.params");
  return (p) => {
    switch (p.code) {
      case "not_object":
        return t("notObject");
      case "unknown":
        return t("unknown", { param: p.param });
      case "required":
        return t("required", { param: p.param });
      case "type":
        return t("type", { param: p.param, type: p.type });
      case "range":
        return t("range", { param: p.param, min: String(p.min), max: String(p.max) });
      case "options":
        return t("options", { param: p.param, options: p.options.join(", ") });
      case "too_long":
        return t("tooLong", { param: p.param, max: p.max });
      case "url":
        return t(`url.${p.problem}`, { param: p.param });
    }
  };
}
