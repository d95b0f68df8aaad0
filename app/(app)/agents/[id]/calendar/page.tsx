import { AgentCalendarPage } from "@/components/calendar/calendar-page";

export default async function AgentCalendarRoute({ params }: { params: Promise<{ id: string }> }) {
  return <AgentCalendarPage agentId={(await params).id} />;
}
