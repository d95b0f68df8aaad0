import { redirect } from "next/navigation";

/** The guide opens at its quickstart. */
export default function ApiGuideIndex() {
  redirect("/developers/guide/quickstart");
}
