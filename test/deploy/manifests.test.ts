import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as core from "kubernetes-models/v1";
import * as apps from "kubernetes-models/apps/v1";
import * as batch from "kubernetes-models/batch/v1";
import * as autoscaling from "kubernetes-models/autoscaling/v2";
import * as policy from "kubernetes-models/policy/v1";
import * as networking from "kubernetes-models/networking.k8s.io/v1";
import * as keda from "@kubernetes-models/keda/keda.sh/v1alpha1";
import { capacitySql, PREWARM_MINUTES } from "@/lib/bots/measure-capacity";
import { containersOf, podSpecOf, readYaml, render, type K8sObject, type Rendered } from "./kustomize.ts";

// Every manifest under deploy/ (docs/deploy.md, "Kubernetes"), checked offline: parsed, rendered the
// way `kubectl apply -k` would (test/deploy/kustomize.ts), each object validated against the
// Kubernetes and KEDA schemas (kubernetes-models), and what matters asserted.

const DEPLOY = path.resolve(import.meta.dirname, "../../deploy");
const KUSTOMIZATIONS = ["base", "release", "overlays/production", "overlays/production/release", "overlays/staging", "overlays/staging/release"];
const APPS = ["base", "overlays/production", "overlays/staging"];
const SECRETS_EXAMPLE = path.join(DEPLOY, "secrets.example.yaml");

const MODELS: Record<string, Record<string, unknown>> = {
  v1: core,
  "apps/v1": apps,
  "batch/v1": batch,
  "autoscaling/v2": autoscaling,
  "policy/v1": policy,
  "networking.k8s.io/v1": networking,
  "keda.sh/v1alpha1": keda,
};

/** Validates one object with its kubernetes-models class; throws naming the object. */
function validate(o: K8sObject): void {
  const Model = MODELS[o.apiVersion]?.[o.kind] as (new (data: unknown) => { validate(): void }) | undefined;
  if (!Model) throw new Error(`${o.apiVersion} ${o.kind} has no schema here`);
  try {
    new Model(o).validate();
  } catch (err) {
    throw new Error(`${o.kind}/${o.metadata?.name}: ${(err as Error).message}`);
  }
}

function yamlFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? yamlFiles(p) : /\.ya?ml$/.test(e.name) ? [p] : [];
  });
}

const renders = new Map<string, Rendered>(KUSTOMIZATIONS.map((k) => [k, render(path.join(DEPLOY, k))]));
const find = (r: Rendered, kind: string, name: string) => {
  const o = r.objects.find((x) => x.kind === kind && x.metadata.name === name);
  if (!o) throw new Error(`no ${kind}/${name}`);
  return o;
};
const env = (container: K8sObject, name: string) => container.env?.find((e: K8sObject) => e.name === name);
const matches = (selector: Record<string, string>, labels: Record<string, string>) => Object.entries(selector).every(([k, v]) => labels?.[k] === v);

describe("deploy/ manifests", () => {
  it("parses every YAML file, and each is used by a kustomization (or is the Secrets' example)", () => {
    const files = yamlFiles(DEPLOY);
    expect(files.length).toBeGreaterThan(10);
    for (const f of files) expect(() => readYaml(f)).not.toThrow();
    const used = new Set([...renders.values()].flatMap((r) => [...r.files]));
    expect(files.filter((f) => !used.has(f) && f !== SECRETS_EXAMPLE).map((f) => path.relative(DEPLOY, f))).toEqual([]);
  });

  it("validates every object, in every file and in every rendered kustomization, against the Kubernetes and KEDA schemas", () => {
    const patches = new Set([...renders.values()].flatMap((r) => [...r.patchFiles]));
    let checked = 0;
    for (const f of yamlFiles(DEPLOY).filter((file) => !patches.has(file))) {
      for (const o of readYaml(f).filter((d) => d.kind !== "Kustomization")) {
        validate(o);
        checked++;
      }
    }
    for (const [name, r] of renders) {
      expect(r.objects.length, name).toBeGreaterThan(0);
      for (const o of r.objects) validate(o);
      checked += r.objects.length;
    }
    expect(checked).toBeGreaterThan(30);
  });

  it("the schemas catch a wrong type, and the renderer refuses a patch that matches nothing", () => {
    const worker = structuredClone(find(renders.get("base")!, "Deployment", "cohost-worker"));
    podSpecOf(worker).terminationGracePeriodSeconds = "three minutes";
    expect(() => validate(worker)).toThrow(/terminationGracePeriodSeconds/);
    const scaled = structuredClone(find(renders.get("base")!, "ScaledObject", "cohost-worker"));
    scaled.spec.minReplicaCount = "one";
    expect(() => validate(scaled)).toThrow(/minReplicaCount/);
  });

  it("overlays patch their bounds onto the base and keep the rest (containers merged by name)", () => {
    const production = renders.get("overlays/production")!;
    expect(find(production, "HorizontalPodAutoscaler", "cohost-web").spec).toMatchObject({ minReplicas: 3, maxReplicas: 20 });
    expect(find(production, "ScaledObject", "cohost-worker").spec).toMatchObject({ minReplicaCount: 2, maxReplicaCount: 50, pollingInterval: 15 });
    expect(find(production, "ConfigMap", "cohost-config").data).toMatchObject({ APP_URL: "https://cohost.example.com", DATA_DIR: "/home/node/data" });
    const staging = renders.get("overlays/staging")!;
    const web = find(staging, "Deployment", "cohost-web");
    expect(web.spec.replicas).toBe(1);
    const [container] = containersOf(web);
    expect(container.resources).toEqual({ requests: { cpu: "100m", memory: "512Mi" }, limits: { cpu: "1", memory: "1Gi" } });
    expect(container.readinessProbe.httpGet.path).toBe("/api/health");
    expect(container.image).toBe("registry.example.com/cohost/web:0.1.0-rc.1");
    expect(find(staging, "ConfigMap", "cohost-config").data.APP_URL).toBe("https://staging.cohost.example.com");
    expect(() => render(path.join(DEPLOY, "base"))).not.toThrow();
  });

  it.each(APPS)("%s: KEDA scales the workers on exactly the capacity query of the code, for the workers' bots per worker", (name) => {
    const r = renders.get(name)!;
    const scaled = find(r, "ScaledObject", "cohost-worker");
    const worker = find(r, "Deployment", "cohost-worker");
    expect(scaled.spec.scaleTargetRef).toMatchObject({ kind: "Deployment", name: "cohost-worker" });
    expect(worker.spec.replicas).toBeUndefined(); // KEDA owns the count
    expect(scaled.spec.minReplicaCount).toBeGreaterThanOrEqual(1); // the sweeps run in workers
    const [trigger, ...others] = scaled.spec.triggers;
    expect(others).toEqual([]);
    expect(trigger.type).toBe("postgresql");
    const botsPerWorker = Number(env(containersOf(worker)[0], "WORKER_CONCURRENCY").value);
    expect(trigger.metadata.query).toBe(capacitySql({ botsPerWorker, prewarmMinutes: PREWARM_MINUTES }));
    // The query returns workers, so one worker per counted unit.
    expect(trigger.metadata.targetQueryValue).toBe("1");
    const auth = find(r, "TriggerAuthentication", trigger.authenticationRef.name);
    expect(auth.spec.secretTargetRef).toEqual([{ parameter: "connection", name: "cohost-database", key: "KEDA_DATABASE_URL" }]);
  });

  it.each(APPS)("%s: web is ready only while /api/health answers, and scales on an HPA", (name) => {
    const r = renders.get(name)!;
    const web = find(r, "Deployment", "cohost-web");
    const [container] = containersOf(web);
    expect(container.readinessProbe.httpGet.path).toBe("/api/health");
    const port = container.readinessProbe.httpGet.port;
    expect(container.ports.some((p: K8sObject) => p.name === port || p.containerPort === port)).toBe(true);
    // Liveness must not restart a pod for a database outage (health answers 503 then).
    expect(container.livenessProbe?.httpGet?.path).not.toBe("/api/health");
    const hpa = find(r, "HorizontalPodAutoscaler", "cohost-web");
    expect(hpa.spec.scaleTargetRef).toMatchObject({ kind: "Deployment", name: "cohost-web" });
    expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas);
    expect(matches(find(r, "Service", "cohost-web").spec.selector, web.spec.template.metadata.labels)).toBe(true);
  });

  it.each(APPS)("%s: workers drain on SIGTERM with time for the hand-over, one at a time", (name) => {
    const r = renders.get(name)!;
    const worker = find(r, "Deployment", "cohost-worker");
    // Leaving ≤ 40 s inside the final writes' 60 s, the hand-over's write ≤ 60 s, pg-boss 5 s (worker.yaml).
    expect(podSpecOf(worker).terminationGracePeriodSeconds).toBeGreaterThanOrEqual(150);
    expect(containersOf(worker)[0].command).toEqual(["node", "scripts/worker.ts"]);
    expect(worker.spec.strategy.rollingUpdate.maxUnavailable).toBe(0);
    const pdb = find(r, "PodDisruptionBudget", "cohost-worker");
    expect(pdb.spec.maxUnavailable).toBe(1);
    expect(matches(pdb.spec.selector.matchLabels, worker.spec.template.metadata.labels)).toBe(true);
    expect(matches(pdb.spec.selector.matchLabels, find(r, "Deployment", "cohost-web").spec.template.metadata.labels)).toBe(false);
    expect(containersOf(find(r, "Deployment", "cohost-jobs"))[0].command).toEqual(["node", "scripts/jobs.ts"]);
  });

  it.each(KUSTOMIZATIONS)("%s: pinned images, non-root, read-only root filesystem, requests and limits", (name) => {
    const r = renders.get(name)!;
    const workloads = r.objects.filter((o) => podSpecOf(o));
    expect(workloads.length).toBeGreaterThan(0);
    for (const o of workloads) {
      const pod = podSpecOf(o);
      expect(pod.securityContext, o.metadata.name).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 });
      for (const c of containersOf(o)) {
        const where = `${o.metadata.name}/${c.name}`;
        expect(c.image, where).toMatch(/^[^@]+(:[\w][\w.-]*|@sha256:[0-9a-f]{64})$/);
        expect(c.image, where).not.toMatch(/:latest$/);
        expect(c.securityContext, where).toMatchObject({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ["ALL"] } });
        for (const kind of ["requests", "limits"]) expect(Object.keys(c.resources?.[kind] ?? {}).sort(), `${where} ${kind}`).toEqual(["cpu", "memory"]);
        // A read-only root needs a writable /tmp.
        expect(c.volumeMounts?.some((m: K8sObject) => m.mountPath === "/tmp"), where).toBe(true);
      }
    }
    if (name.startsWith("overlays/")) {
      for (const o of r.objects) expect(o.metadata.namespace, o.metadata.name).toMatch(/^cohost/);
      for (const o of workloads) for (const c of containersOf(o)) expect(c.image).toMatch(/^registry\.example\.com\/cohost\//);
    }
  });

  it.each(["release", "overlays/production/release", "overlays/staging/release"])("%s: the release step is a migration Job, apart from the app", (name) => {
    const r = renders.get(name)!;
    expect(r.objects.map((o) => o.kind)).toEqual(["Job"]);
    const job = find(r, "Job", "cohost-migrate");
    expect(containersOf(job)[0].command).toEqual(["node", "scripts/migrate.ts"]);
    expect(podSpecOf(job).restartPolicy).toBe("Never");
    expect(matches({ "cohost.dev/database-client": "true" }, job.spec.template.metadata.labels)).toBe(true);
  });

  it.each(APPS)("%s: only the app's pods (and KEDA's operator) may reach PostgreSQL", (name) => {
    const r = renders.get(name)!;
    const policyObject = find(r, "NetworkPolicy", "cohost-postgresql");
    expect(policyObject.spec.policyTypes).toEqual(["Ingress"]);
    const [rule, ...more] = policyObject.spec.ingress;
    expect(more).toEqual([]);
    expect(rule.ports).toEqual([{ protocol: "TCP", port: 5432 }]);
    const appPeer = rule.from.find((f: K8sObject) => !f.namespaceSelector);
    for (const d of r.objects.filter((o) => o.kind === "Deployment")) {
      expect(matches(appPeer.podSelector.matchLabels, d.spec.template.metadata.labels), d.metadata.name).toBe(true);
    }
    expect(rule.from.filter((f: K8sObject) => f.namespaceSelector)).toEqual([
      { namespaceSelector: { matchLabels: { "kubernetes.io/metadata.name": "keda" } }, podSelector: { matchLabels: { app: "keda-operator" } } },
    ]);
  });

  it("ships no secret values: the Secrets are created apart, and every key the manifests read is in the example", () => {
    for (const r of renders.values()) expect(r.objects.filter((o) => o.kind === "Secret")).toEqual([]);
    const example = readYaml(SECRETS_EXAMPLE);
    for (const s of example) for (const v of Object.values(s.stringData)) expect(v).toBe("");
    const known = new Set(example.flatMap((s) => Object.keys(s.stringData).map((k) => `${s.metadata.name}/${k}`)));
    const read = new Set<string>();
    for (const r of renders.values()) {
      for (const o of r.objects) {
        for (const c of containersOf(o)) for (const e of c.env ?? []) if (e.valueFrom?.secretKeyRef) read.add(`${e.valueFrom.secretKeyRef.name}/${e.valueFrom.secretKeyRef.key}`);
        for (const ref of o.kind === "TriggerAuthentication" ? o.spec.secretTargetRef : []) read.add(`${ref.name}/${ref.key}`);
      }
    }
    expect([...read].filter((k) => !known.has(k))).toEqual([]);
    expect([...known].filter((k) => !read.has(k))).toEqual([]);
  });
});
