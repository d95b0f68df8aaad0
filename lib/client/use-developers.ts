"use client";
import { useTranslations } from "next-intl";
import useSWR, { useSWRConfig } from "swr";
import type { ApiKeyDto } from "@/lib/api-keys/serialize";
import type { WebhookDeliveryDto, WebhookEndpointDto } from "@/lib/webhooks/serialize";
import { apiFetch } from "./api";

type Iso<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };
export type ApiKey = Iso<ApiKeyDto>;
export type WebhookEndpoint = Iso<WebhookEndpointDto>;
export type WebhookDelivery = Iso<Omit<WebhookDeliveryDto, "tries">> & { tries: Iso<WebhookDeliveryDto["tries"][number]>[] };

const json = (method: string, body?: unknown): RequestInit => ({ method, body: body === undefined ? undefined : JSON.stringify(body) });

/** The Developers page's API keys: list, create (the key comes back once), revoke. */
export function useApiKeys() {
  const t = useTranslations("developers.errors");
  const swr = useSWR<ApiKey[]>("/api/api-keys", (path: string) => apiFetch<ApiKey[]>(path, { fallback: t("loadKeys") }));
  return {
    ...swr,
    async create(input: { name: string; scope: "read" | "full"; expiresAt: string | null }) {
      const created = await apiFetch<{ apiKey: ApiKey; key: string }>("/api/api-keys", { ...json("POST", input), fallback: t("createKey") });
      await swr.mutate();
      return created;
    },
    async revoke(id: string) {
      await apiFetch(`/api/api-keys/${id}`, { ...json("DELETE"), fallback: t("revokeKey") });
      await swr.mutate();
    },
    async remove(id: string) {
      await apiFetch(`/api/api-keys/${id}/remove`, { ...json("POST"), fallback: t("removeKey") });
      await swr.mutate();
    },
  };
}

/** Webhook endpoints: list, add (the signing secret comes back once), change, delete, test. */
export function useWebhooks() {
  const t = useTranslations("developers.errors");
  const swr = useSWR<WebhookEndpoint[]>("/api/webhooks", (path: string) => apiFetch<WebhookEndpoint[]>(path, { fallback: t("loadWebhooks") }));
  return {
    ...swr,
    async create(input: { url: string; description: string; events: string[] }) {
      const created = await apiFetch<{ endpoint: WebhookEndpoint; secret: string }>("/api/webhooks", { ...json("POST", input), fallback: t("createWebhook") });
      await swr.mutate();
      return created;
    },
    async update(id: string, input: { enabled?: boolean; events?: string[]; url?: string; description?: string }) {
      await apiFetch(`/api/webhooks/${id}`, { ...json("PATCH", input), fallback: t("updateWebhook") });
      await swr.mutate();
    },
    async remove(id: string) {
      await apiFetch(`/api/webhooks/${id}`, { ...json("DELETE"), fallback: t("deleteWebhook") });
      await swr.mutate();
    },
  };
}

/** An endpoint's delivery log; refreshes itself while a delivery is still being tried. */
const deliveriesPath = (endpointId: string) => `/api/webhooks/${endpointId}/deliveries`;

/** "Send test event" on an endpoint's row: the delivery log, when open or opened next, shows it. */
export function useSendTest(endpointId: string) {
  const t = useTranslations("developers.errors");
  const { mutate } = useSWRConfig();
  return async () => {
    await apiFetch(`/api/webhooks/${endpointId}/test`, { ...json("POST"), fallback: t("sendTest") });
    await mutate(deliveriesPath(endpointId));
  };
}

export function useDeliveries(endpointId: string) {
  const t = useTranslations("developers.errors");
  const swr = useSWR<{ deliveries: WebhookDelivery[] }>(
    deliveriesPath(endpointId),
    (path: string) => apiFetch<{ deliveries: WebhookDelivery[] }>(path, { fallback: t("loadDeliveries") }),
    { refreshInterval: (latest) => (latest?.deliveries.some((d) => d.status === "pending") ? 2000 : 0) },
  );
  return {
    ...swr,
    async redeliver(deliveryId: string) {
      await apiFetch(`/api/webhooks/${endpointId}/deliveries/${deliveryId}/redeliver`, { ...json("POST"), fallback: t("redeliver") });
      await swr.mutate();
    },
  };
}
