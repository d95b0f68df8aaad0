import { ApiReference } from "@/components/developers/api-reference";
import { titleMetadata } from "@/lib/shell/page-metadata";

export const generateMetadata = titleMetadata("apiReference");

export default function ApiReferencePage() {
  return <ApiReference />;
}
