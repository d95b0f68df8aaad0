import type { ExtraParamSpec } from "./catalogue.ts";
import { paramProblemMessage, paramProblems, urlProblem } from "./param-problems.ts";
import { isPrivateHostname } from "../net/private-address.ts";
import { privateUrlsAllowed } from "../net/private-urls.ts";

interface ParamError {
  /** The parameter's name, or null when the value as a whole is wrong. */
  param: string | null;
  message: string;
}

/** Internal hosts count as private unless the operator allows them (ALLOW_PRIVATE_PROVIDER_URLS=1). */
const privateHost = (hostname: string) => !privateUrlsAllowed("provider") && isPrivateHostname(hostname);

/** Why a base URL cannot be used, or null: http(s) only, no credentials, no internal host. */
export function baseUrlProblem(value: string, name = "baseUrl"): string | null {
  const problem = urlProblem(value, privateHost);
  return problem && paramProblemMessage({ param: name, code: "url", problem });
}

/** Checks an agent's extra params against the provider's declared ones; one message per problem. */
export function extraParamsErrors(specs: ExtraParamSpec[], value: unknown): ParamError[] {
  return paramProblems(specs, value, privateHost).map((p) => ({ param: p.param, message: paramProblemMessage(p) }));
}
