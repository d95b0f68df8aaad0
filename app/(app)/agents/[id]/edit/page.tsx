import { connection } from "next/server";
import { EditAgent } from "@/components/agents/edit-agent";
import { meetingJoinLeadSeconds } from "@/lib/config";
import { titleMetadata } from "@/lib/shell/page-metadata";

export const generateMetadata = titleMetadata("editAgent");

export default async function EditAgentPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await connection();
  return <EditAgent id={id} serverJoinLeadSeconds={meetingJoinLeadSeconds()} />;
}
