import tls from "node:tls";
import { TEST_TLS } from "@/test/fakes/voice/server";

/** Makes this process trust the fakes' test certificate, for SDKs that only speak wss:// (AssemblyAI's, Cartesia's). */
export function trustTestCertificate(): void {
  tls.setDefaultCACertificates([...tls.getCACertificates("default"), TEST_TLS.cert]);
}
