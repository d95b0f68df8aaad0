"use client";
import { useTranslations } from "next-intl";
import type { ParamProblem } from "@/lib/providers/param-problems";

/**
 * Says an extra-parameter problem in the user's language (the API says the same in English). With
 * `label`, the problem is shown under a field of its own (Model, Base URL, Voice) and named by that
 * label in plain words, not by its parameter in code style (issue 31).
 */
export function useParamProblemText(): (p: ParamProblem, label?: string) => string {
  const t = useTranslations("agents.params");
  return (p, label) => {
    const key = (name: string) => (label ? `field.${name}` : name);
    const param = label ?? (p.param as string);
    switch (p.code) {
      case "not_object":
        return t("notObject");
      case "unknown":
        return t("unknown", { param: p.param });
      case "required":
        return t(key("required"), { param });
      case "type":
        return t(key("type"), { param, type: p.type });
      case "range":
        return t(key("range"), { param, min: String(p.min), max: String(p.max) });
      case "options":
        return t(key("options"), { param, options: p.options.join(", ") });
      case "too_long":
        return t(key("tooLong"), { param, max: p.max });
      case "url":
        return t(key(`url.${p.problem}`), { param });
    }
  };
}
