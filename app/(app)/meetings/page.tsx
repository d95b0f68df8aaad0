import { Suspense } from "react";
import { MeetingsPage } from "@/components/meetings/meetings-page";
import { MeetingListSkeleton } from "@/components/meetings/meeting-skeletons";
import { titleMetadata } from "@/lib/shell/page-metadata";

export const generateMetadata = titleMetadata("meetings");

export default function Meetings() {
  // The filters live in the query string (useSearchParams needs a Suspense boundary).
  return (
    <Suspense fallback={<MeetingListSkeleton />}>
      <MeetingsPage />
    </Suspense>
  );
}
