import fs from "node:fs";
import path from "node:path";
import { parseAllDocuments } from "yaml";

// The part of Kustomize that deploy/ uses, rendered here so `npm test` can validate what
// `kubectl apply -k` would send without kubectl (not on this machine, nor on npm): resources (files
// and directories), `patches` as strategic-merge patches matched by kind and name, `images`,
// `namespace` and `labels` (metadata only). A kustomization that uses anything else is refused, so
// the rendering here never silently differs from Kustomize's.

/** A Kubernetes object as parsed from YAML: arbitrary JSON, which the schemas check. */
export type K8sObject = any;

const SUPPORTED_KEYS = new Set(["apiVersion", "kind", "namespace", "resources", "images", "patches", "labels"]);

/** Every document of a YAML file, parsed; a syntax error throws with the file's name. */
export function readYaml(file: string): K8sObject[] {
  const docs = parseAllDocuments(fs.readFileSync(file, "utf8"));
  return docs.map((doc) => {
    if (doc.errors.length) throw new Error(`${file}: ${doc.errors.map((e) => e.message).join("; ")}`);
    return doc.toJS();
  }).filter((d) => d != null);
}

export interface Rendered {
  objects: K8sObject[];
  /** Files the rendering read (resources and patches), absolute. */
  files: Set<string>;
  /** Files used as patches (partial objects, validated only after merging). */
  patchFiles: Set<string>;
}

/** Renders the kustomization in `dir` (kustomization.yaml) the way `kubectl kustomize dir` does, for the features above. */
export function render(dir: string): Rendered {
  const kfile = path.join(dir, "kustomization.yaml");
  const [k] = readYaml(kfile);
  const unsupported = Object.keys(k).filter((key) => !SUPPORTED_KEYS.has(key));
  if (unsupported.length) throw new Error(`${kfile}: ${unsupported.join(", ")} not rendered by test/deploy/kustomize.ts`);
  const out: Rendered = { objects: [], files: new Set([kfile]), patchFiles: new Set() };
  for (const res of k.resources ?? []) {
    const p = path.resolve(dir, res);
    if (fs.statSync(p).isDirectory()) {
      const sub = render(p);
      out.objects.push(...sub.objects);
      sub.files.forEach((f) => out.files.add(f));
      sub.patchFiles.forEach((f) => out.patchFiles.add(f));
    } else {
      out.files.add(p);
      out.objects.push(...readYaml(p));
    }
  }
  for (const patch of k.patches ?? []) {
    if (Object.keys(patch).join() !== "path") throw new Error(`${kfile}: only patches with a path are rendered here`);
    const p = path.resolve(dir, patch.path);
    out.files.add(p);
    out.patchFiles.add(p);
    for (const doc of readYaml(p)) {
      const targets = out.objects.filter((o) => o.kind === doc.kind && o.metadata?.name === doc.metadata?.name);
      if (targets.length !== 1) throw new Error(`${p}: patch for ${doc.kind}/${doc.metadata?.name} matches ${targets.length} resources`);
      out.objects[out.objects.indexOf(targets[0])] = mergePatch(targets[0], doc);
    }
  }
  for (const o of out.objects) {
    for (const c of containersOf(o)) c.image = rewriteImage(c.image, k.images ?? []);
    if (k.namespace) o.metadata.namespace = k.namespace;
    for (const l of k.labels ?? []) {
      if (l.includeSelectors || l.includeTemplates) throw new Error(`${kfile}: labels are rendered on metadata only`);
      o.metadata.labels = { ...o.metadata.labels, ...l.pairs };
    }
  }
  return out;
}

/** Strategic merge, as Kubernetes does it for the fields deploy/ patches: maps merged, lists of named items merged by name. */
export function mergePatch(target: K8sObject, patch: K8sObject): K8sObject {
  if (Array.isArray(patch)) {
    const key = mergeKey(patch) ?? (Array.isArray(target) ? mergeKey(target) : undefined);
    if (!key || !Array.isArray(target)) return structuredClone(patch);
    const result = structuredClone(target);
    for (const item of patch) {
      const i = result.findIndex((t: K8sObject) => t[key] === item[key]);
      if (i >= 0) result[i] = mergePatch(result[i], item);
      else result.push(structuredClone(item));
    }
    return result;
  }
  if (patch && typeof patch === "object" && target && typeof target === "object" && !Array.isArray(target)) {
    const result = structuredClone(target);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null) delete result[k];
      else result[k] = mergePatch(result[k], v);
    }
    return result;
  }
  return structuredClone(patch);
}

function mergeKey(list: K8sObject[]): string | undefined {
  for (const key of ["name", "mountPath"]) if (list.length && list.every((i) => i && typeof i === "object" && key in i)) return key;
  return undefined;
}

/** The containers (and init containers) of an object's pod template, if it has one. */
export function containersOf(o: K8sObject): K8sObject[] {
  const pod = podSpecOf(o);
  return pod ? [...(pod.initContainers ?? []), ...(pod.containers ?? [])] : [];
}

export function podSpecOf(o: K8sObject): K8sObject | undefined {
  return o.spec?.template?.spec;
}

function rewriteImage(image: string, images: { name: string; newName?: string; newTag?: string; digest?: string }[]): string {
  const at = image.indexOf("@");
  const colon = image.lastIndexOf(":");
  const nameEnd = at >= 0 ? at : colon > image.lastIndexOf("/") ? colon : image.length;
  const name = image.slice(0, nameEnd);
  const rule = images.find((i) => i.name === name);
  if (!rule) return image;
  const ref = rule.digest ? `@${rule.digest}` : rule.newTag ? `:${rule.newTag}` : image.slice(nameEnd);
  return `${rule.newName ?? name}${ref}`;
}
