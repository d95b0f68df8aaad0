import { LoadingBlock } from "@/components/ui/spinner";

export default function Loading() {
  return <LoadingBlock />;
}
