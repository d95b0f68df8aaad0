import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

// Zero-setup default: secrets that production sets in the environment are generated once into
// DATA_DIR (mode 0600) and reused, so sessions and encrypted keys survive restarts.
export function ensureSecret(envName: string, dir: string, bytes = 32): string {
  const fromEnv = process.env[envName];
  if (fromEnv) return fromEnv;
  const file = path.join(dir, `${envName.toLowerCase()}.secret`);
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  const value = randomBytes(bytes).toString("base64");
  fs.writeFileSync(file, value, { mode: 0o600 });
  return value;
}
