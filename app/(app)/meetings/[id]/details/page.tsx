import { MeetingDetails } from "@/components/meetings/meeting-details";

export default async function MeetingDetailsPage({ params }: { params: Promise<{ id: string }> }) {
  return <MeetingDetails id={(await params).id} />;
}
