import { AgentList } from "@/components/agents/agent-list";

export default function AgentsPage() {
  return <AgentList />;
}
