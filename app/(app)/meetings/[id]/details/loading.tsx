import { MeetingDetailsSkeleton } from "@/components/meetings/meeting-skeletons";

export default function Loading() {
  return <MeetingDetailsSkeleton />;
}
