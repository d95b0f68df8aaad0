import { Suspense } from "react";
import { MeetingsPage } from "@/components/meetings/meetings-page";
import { LoadingBlock } from "@/components/ui/spinner";

export default function Meetings() {
  // The filters live in the query string (useSearchParams needs a Suspense boundary).
  return (
    <Suspense fallback={<LoadingBlock />}>
      <MeetingsPage />
    </Suspense>
  );
}
