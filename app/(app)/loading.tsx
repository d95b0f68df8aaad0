import { LoadingBlock } from "@/components/ui/spinner";

// The shell stays; the page's place shows the shape of cards to come.
export default function Loading() {
  return <LoadingBlock shape="cards" />;
}
