import { DevelopersPage } from "@/components/developers/developers-page";
import { titleMetadata } from "@/lib/shell/page-metadata";

export const generateMetadata = titleMetadata("developers");

export default function Developers() {
  return <DevelopersPage />;
}
