import { MeetingDetails } from "@/components/meetings/meeting-details";
import { titleMetadata } from "@/lib/shell/page-metadata";

export const generateMetadata = titleMetadata("meetingDetails");

export default async function MeetingDetailsPage({ params }: { params: Promise<{ id: string }> }) {
  return <MeetingDetails id={(await params).id} />;
}
