import { EditAgent } from "@/components/agents/edit-agent";
import { titleMetadata } from "@/lib/shell/page-metadata";

export const generateMetadata = titleMetadata("editAgent");

export default async function EditAgentPage({ params }: { params: Promise<{ id: string }> }) {
  return <EditAgent id={(await params).id} />;
}
