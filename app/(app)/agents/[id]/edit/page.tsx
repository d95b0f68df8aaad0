import { EditAgent } from "@/components/agents/edit-agent";

export default async function EditAgentPage({ params }: { params: Promise<{ id: string }> }) {
  return <EditAgent id={(await params).id} />;
}
