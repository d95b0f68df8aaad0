import { AgentForm } from "@/components/agents/agent-form";
import { titleMetadata } from "@/lib/shell/page-metadata";

export const generateMetadata = titleMetadata("createAgent");

export default function CreateAgentPage() {
  return <AgentForm />;
}
