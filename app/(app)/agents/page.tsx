import { AgentList } from "@/components/agents/agent-list";
import { titleMetadata } from "@/lib/shell/page-metadata";

export const generateMetadata = titleMetadata("agents");

export default function AgentsPage() {
  return <AgentList />;
}
