import { connection } from "next/server";
import { AgentForm } from "@/components/agents/agent-form";
import { meetingJoinLeadSeconds } from "@/lib/config";
import { titleMetadata } from "@/lib/shell/page-metadata";

export const generateMetadata = titleMetadata("createAgent");

export default async function CreateAgentPage() {
  // The server's lead time is read when the page is asked for, not when it was built.
  await connection();
  return <AgentForm serverJoinLeadSeconds={meetingJoinLeadSeconds()} />;
}
