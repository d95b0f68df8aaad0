import { AgentForm } from "@/components/agents/agent-form";

export default function CreateAgentPage() {
  return <AgentForm />;
}
