import { MeetingListSkeleton } from "@/components/meetings/meeting-skeletons";

export default function Loading() {
  return <MeetingListSkeleton />;
}
